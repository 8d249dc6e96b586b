import {
  describeType,
  RESOURCES,
  findField,
  type FieldSpec,
  type FieldType,
  type ResourceName,
  type ScalarType,
} from '../protocol/fields';
import { isJsonObject } from '../protocol/map-table-fields';
import { COMPANY_MODULES, isCompanyListServed } from '../protocol/modules';
import { isIntroducedBy } from '../protocol/versions';
import type { WireOptions } from '../protocol/wire-encode';
import { error, joinPath, warning, type BodyFinding } from './finding';

/**
 * Checks a parsed answer body against the field table under `options`: unknown fields (warned),
 * required fields, scalar encoding per wire style, real dates, declared values, fields newer than
 * the protocol version, companyList without a module that processes it, deprecated fields.
 */
export function checkResource(
  resource: ResourceName,
  value: unknown,
  path: string,
  options: WireOptions,
): BodyFinding[] {
  if (!isJsonObject(value)) return [error(path, `must be a JSON object (${resource}); got ${describeJson(value)}`)];
  const findings: BodyFinding[] = [];
  for (const spec of RESOURCES[resource]) {
    if (spec.required && !(spec.name in value))
      findings.push(error(joinPath(path, spec.name), `required ${resource} field missing`));
  }
  for (const [name, item] of Object.entries(value)) {
    const spec = findField(resource, name);
    const at = joinPath(path, name);
    if (spec === undefined) {
      findings.push(warning(at, `unknown field: not a ${resource} field of the protocol`));
      continue;
    }
    findings.push(...servingProblems(spec, at, options), ...checkValue(spec, item, at, options));
  }
  return findings;
}

function servingProblems(spec: FieldSpec, at: string, options: WireOptions): BodyFinding[] {
  const out: BodyFinding[] = [];
  if (!isIntroducedBy(spec.since, options.version))
    out.push(error(at, `introduced in protocol ${spec.since}; checking protocol ${options.version} (--protocol)`));
  if (spec.needsCompanyModule && !isCompanyListServed(options.modules)) {
    out.push(
      error(
        at,
        `sent only with a module that processes companies (${COMPANY_MODULES.join(' or ')}); checking --modules ${options.modules.join(',') || 'none'}`,
      ),
    );
  }
  if (spec.deprecatedFor !== undefined) out.push(warning(at, `deprecated; use ${spec.deprecatedFor} instead`));
  return out;
}

function checkValue(spec: FieldSpec, value: unknown, at: string, options: WireOptions): BodyFinding[] {
  if (value === null) return [warning(at, 'null; leave the field out instead')];
  const type: FieldType = spec.type;
  if (typeof type === 'object') {
    if ('one' in type) return checkResource(type.one, value, at, options);
    if (!Array.isArray(value))
      return [error(at, `must be a JSON array (${describeType(type)}); got ${describeJson(value)}`)];
    return value.flatMap((item, i) => checkResource(type.list, item, `${at}[${i}]`, options));
  }
  if (type === 'Map<String,String>') {
    if (!isJsonObject(value)) return [error(at, `must be a JSON object of strings; got ${describeJson(value)}`)];
    return Object.entries(value)
      .filter(([, v]) => typeof v !== 'string')
      .map(([k, v]) => error(`${at}.${k}`, `must be a JSON string; got ${describeJson(v)}`));
  }
  const problem = scalarProblem(type, value, options);
  if (problem !== undefined) return [error(at, problem)];
  // scalarProblem passed it: a string, or a JSON number or boolean, which JSON writes as String() does.
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (spec.declaredValues && !spec.declaredValues.includes(text)) {
    return [
      warning(
        at,
        `${JSON.stringify(text)} is not a declared value (${spec.declaredValues.map((v) => JSON.stringify(v)).join(' or ')})`,
      ),
    ];
  }
  return [];
}

/** What is wrong with a scalar on the wire (reference, "Resources and their fields"), or undefined. */
function scalarProblem(type: ScalarType, value: unknown, options: WireOptions): string | undefined {
  const typed = options.wire === 'typed';
  if (type === 'Boolean') {
    if (typed)
      return typeof value === 'boolean'
        ? undefined
        : `must be a JSON boolean (--wire typed); got ${describeJson(value)}`;
    return value === 'true' || value === 'false' ? undefined : `must be "true" or "false"; got ${describeJson(value)}`;
  }
  if (type === 'Integer' || type === 'Long') {
    if (typed && typeof value === 'number')
      return Number.isInteger(value) ? undefined : `must be a whole number; got ${describeJson(value)}`;
    if (typeof value !== 'string')
      return `must be a JSON string${typed ? ' or number' : ''}; got ${describeJson(value)}`;
    return /^-?\d+$/.test(value) ? undefined : `must be a whole number; got ${describeJson(value)}`;
  }
  if (typeof value !== 'string') return `must be a JSON string; got ${describeJson(value)}`;
  if (type === 'Date') return dateProblem(value);
  return undefined;
}

function dateProblem(text: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return `must be a date YYYY-MM-DD; got ${JSON.stringify(text)}`;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? undefined : `${JSON.stringify(text)} is not a real date`;
}

/** `true (a JSON boolean)`, `"x"`, `12 (a JSON number)`: a value as a message shows what was got. */
function describeJson(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a JSON array';
  if (typeof value === 'object') return 'a JSON object';
  return `${JSON.stringify(value)} (a JSON ${typeof value})`;
}
