import { MODULES } from './modules';
import { PROTOCOL_PATH, PROTOCOL_REQUESTS } from './endpoints';

/** An answer auth-sim writes on its own, in the protocol's error shape, as a scenario entry would write it. */
export interface BuiltInAnswer {
  readonly status: number;
  readonly errorCode: string;
  readonly errorText: string;
  readonly headers?: Readonly<Record<string, string>>;
}

const answer = (status: number, errorCode: string, errorText: string, headers?: Record<string, string>) =>
  Object.freeze({ status, errorCode, errorText, ...(headers && { headers: Object.freeze(headers) }) });

/** What unknown tokens get without a `fallback`: the reference's one shown error, "client not found". */
export const DEFAULT_FALLBACK = answer(404, 'CLIENT_NOT_FOUND', 'client not found');

/**
 * What every request gets when none of the four modules is installed (reference, "What the
 * service does": the API is available only with one of them), unless a file sets `unavailable:`.
 */
export const DEFAULT_UNAVAILABLE = answer(
  503,
  'API_UNAVAILABLE',
  `the client authorization API is not available: none of the modules ${MODULES.join(', ')} is installed`,
);

/** The built-in refusal: 401 in the protocol's error shape (the reference has no word on callers; this is what such services answer). */
export const DEFAULT_CALLER_REFUSAL = answer(401, 'UNAUTHORIZED', 'the caller is not authenticated');

/** What an expired token answers without `expire.answer`. */
export const DEFAULT_EXPIRED = answer(401, 'TOKEN_EXPIRED', 'token expired');

/** What a token over its `rateLimit:` answers without `rateLimit.answer` (a Retry-After header is added). */
export const DEFAULT_RATE_LIMITED = answer(
  429,
  'TOO_MANY_REQUESTS',
  'too many requests for this token; wait as long as Retry-After says before asking again',
);

/** A path that is neither the protocol's nor the admin API's. */
export const NOT_FOUND = answer(404, 'NOT_FOUND', `no such path; the protocol paths are ${PROTOCOL_REQUESTS}`);

/** auth-sim failed inside while answering (the failure goes to its log, never its stack to the caller). */
export const INTERNAL_ERROR = answer(500, 'INTERNAL_ERROR', 'auth-sim failed to answer this request; see its log');

/** A token's answer could not be written (a header Node refuses slipped past load). */
export const UNWRITABLE_ANSWER = answer(
  500,
  'INTERNAL_ERROR',
  'auth-sim could not write the answer this token is given; see its log',
);

/** Protocol requests rejected before a token is read: no token, a token that is not percent-encoding, another method. */
export const MISSING_PATH_TOKEN = answer(
  400,
  'BAD_REQUEST',
  `GET needs the token in the path: GET ${PROTOCOL_PATH}/{token}`,
);
export const MISSING_HEADER_TOKEN = answer(
  400,
  'BAD_REQUEST',
  `POST needs the token in a "token" header: POST ${PROTOCOL_PATH}/`,
);
export const BAD_ENCODING = answer(400, 'BAD_REQUEST', 'the token in the path is not valid percent-encoding');
export const WRONG_METHOD = answer(
  405,
  'METHOD_NOT_ALLOWED',
  `use GET ${PROTOCOL_PATH}/{token} or POST ${PROTOCOL_PATH}/`,
  { allow: 'GET, POST' },
);
