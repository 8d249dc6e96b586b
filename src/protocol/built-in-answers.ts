import { MODULES } from './modules';

/**
 * The answers auth-sim gives when the scenarios write none, each in the protocol's error shape
 * (`status`, `errorCode`, `errorText`), written as a scenario entry would write them.
 */

/** What unknown tokens get without a `fallback`: the reference's one shown error, "client not found". */
export const DEFAULT_FALLBACK = Object.freeze({
  status: 404,
  errorCode: 'CLIENT_NOT_FOUND',
  errorText: 'client not found',
});

/**
 * What every request gets when none of the four modules is installed (reference, "What the
 * service does": the API is available only with one of them), unless a file sets `unavailable:`.
 */
export const DEFAULT_UNAVAILABLE = Object.freeze({
  status: 503,
  errorCode: 'API_UNAVAILABLE',
  errorText: `the client authorization API is not available: none of the modules ${MODULES.join(', ')} is installed`,
});

/** The built-in refusal: 401 in the protocol's error shape (the reference has no word on callers; this is what such services answer). */
export const DEFAULT_CALLER_REFUSAL = Object.freeze({
  status: 401,
  errorCode: 'UNAUTHORIZED',
  errorText: 'the caller is not authenticated',
});

/** What an expired token answers without `expire.answer`. */
export const DEFAULT_EXPIRED = Object.freeze({ status: 401, errorCode: 'TOKEN_EXPIRED', errorText: 'token expired' });
