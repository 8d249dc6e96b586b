import { nestedResource, RESOURCES, type FieldRole, type ResourceName } from '../protocol/fields';
import { isJsonObject } from '../protocol/map-table-fields';
import {
  isValidAccountKey,
  isValidBik,
  isValidInn,
  isValidKpp,
  isValidOgrn,
  isValidOgrnip,
} from '../synth/identifiers';
import { joinPath, warning, type BodyFinding } from './finding';

/**
 * Test-data quality: INN, OGRN/OGRNIP, KPP and BIK formats and check digits, and account keys
 * against the client's branch BIK. Warnings only: a real service may hold odd legacy data.
 */
export function checkIdentifiers(resource: ResourceName, value: unknown, path: string): BodyFinding[] {
  if (!isJsonObject(value)) return [];
  const findings: BodyFinding[] = [];
  for (const spec of RESOURCES[resource]) {
    const item = value[spec.name];
    const at = joinPath(path, spec.name);
    const nested = nestedResource(spec.type);
    if (nested !== undefined) {
      const items = Array.isArray(item) ? item : [item];
      items.forEach((one, i) =>
        findings.push(...checkIdentifiers(nested, one, Array.isArray(item) ? `${at}[${i}]` : at)),
      );
      continue;
    }
    if (typeof item !== 'string' || item === '') continue;
    const problem = identifierProblem(spec.role, item, value);
    if (problem !== undefined) findings.push(warning(at, problem));
  }
  return findings;
}

function identifierProblem(
  role: FieldRole | undefined,
  text: string,
  record: Record<string, unknown>,
): string | undefined {
  const shown = JSON.stringify(text);
  switch (role) {
    case 'inn':
      return isValidInn(text) ? undefined : `${shown} is not a valid INN (10 or 12 digits with correct check digits)`;
    case 'ogrn':
      return isValidOgrn(text) || isValidOgrnip(text)
        ? undefined
        : `${shown} is not a valid OGRN (13 digits) or OGRNIP (15 digits) with a correct check digit`;
    case 'kpp':
      return isValidKpp(text)
        ? undefined
        : `${shown} is not a valid KPP (9 characters: 4 digits, 2 digits or capitals, 3 digits)`;
    case 'bik':
      return isValidBik(text) ? undefined : `${shown} is not a valid BIK (9 digits starting with 04)`;
    case 'accounts':
      return accountsProblem(text, record);
    default:
      return undefined;
  }
}

/** Each comma-separated 20-digit account's key, when the client's branch names a valid BIK to check it against. */
function accountsProblem(text: string, client: Record<string, unknown>): string | undefined {
  const branch = client.bankBranch as Record<string, unknown> | undefined;
  const bik = typeof branch?.bik === 'string' && isValidBik(branch.bik) ? branch.bik : undefined;
  const bad = text
    .split(',')
    .map((s) => s.trim())
    .filter((account) => !/^\d{20}$/.test(account) || (bik !== undefined && !isValidAccountKey(account, bik)));
  if (bad.length === 0) return undefined;
  const why = bik === undefined ? '20 digits' : `20 digits with a correct key for BIK ${bik}`;
  return `${bad.map((a) => JSON.stringify(a)).join(', ')} not a valid account number (${why})`;
}
