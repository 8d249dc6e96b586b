/**
 * Installed modules of the authorization service, per the reference's "What the service does":
 * the API exists only with one of the four, and `companyList` only with Auth.B API or corporate.
 */
export const MODULES = ['auth-c-api', 'auth-b-api', 'corporate', 'retail'] as const;

export type ModuleName = (typeof MODULES)[number];

/** The modules that make `companyList` part of the answer. */
export const COMPANY_MODULES: readonly ModuleName[] = ['auth-b-api', 'corporate'];

/** Whether `value` names a known module. */
export function isModuleName(value: unknown): value is ModuleName {
  return typeof value === 'string' && (MODULES as readonly string[]).includes(value);
}

/** Whether the API is available at all with these modules installed. */
export function isApiAvailable(installed: readonly ModuleName[]): boolean {
  return installed.length > 0;
}

/** Whether `companyList` is processed with these modules installed. */
export function isCompanyListServed(installed: readonly ModuleName[]): boolean {
  return installed.some((m) => COMPANY_MODULES.includes(m));
}
