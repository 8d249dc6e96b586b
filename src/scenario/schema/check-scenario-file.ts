import type { ErrorObject, ValidateFunction } from 'ajv';
import { placeOf, type NodePath, type PlacedDocument } from '../base/locate-node';
import type { Problem } from '../base/problem';
import { placeIn, problemAt } from '../base/problem';
import { loadValidator, type ValidatorName } from './scenario-validators';
import { didYouMean, meantName } from '../base/suggest';
import { SECRET_KEYS } from './scenario-schema';

const validators = new Map<ValidatorName, ValidateFunction>();

/**
 * Every schema problem in a parsed scenario file, or in one entry or admin body given on its own
 * (admin API, programs: paths start inside it, `client.surname`), each with line, column and field
 * path; `places` parses the text's `yaml` document, asked for only when a problem needs a place;
 * `whole` is what a message calls the value itself.
 */
export function checkScenarioData(
  name: ValidatorName,
  file: string,
  data: unknown,
  places: () => PlacedDocument,
  whole = 'the file',
): Problem[] {
  let validate = validators.get(name);
  // Loaded on first use (generated at build time, or compiled): the schema never changes within a process.
  if (!validate) validators.set(name, (validate = loadValidator(name)));
  if (validate(data)) return [];
  const errors = withoutMisspeltRequired(pruneErrors(validate.errors ?? []));
  const placed = places();
  const problems = errors.map((error) => toProblem(file, error, placed, whole));
  // A null fails both the type and the enum of a field: one message says it.
  const said = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}\n${p.message}`;
    if (said.has(key)) return false;
    said.add(key);
    return true;
  });
}

/** Drops errors that only restate a more precise one (a failed `if`, or an anyOf summary). */
function pruneErrors(errors: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'propertyNames') return false;
    const key = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}|${(e as { propertyName?: string }).propertyName ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Drops "missing required field" where the field is there, misspelt: `firstnme` is reported once,
 * as not a field with "did you mean firstname", not also as firstname missing.
 */
function withoutMisspeltRequired(errors: ErrorObject[]): ErrorObject[] {
  const misspelt = new Set<string>();
  for (const e of errors) {
    if (e.keyword !== 'additionalProperties') continue;
    const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    const meant = meantName(String(e.params.additionalProperty), known);
    if (meant !== undefined) misspelt.add(`${e.instancePath}\n${meant}`);
  }
  return errors.filter((e) => e.keyword !== 'required' || !misspelt.has(`${e.instancePath}\n${String(e.params.missingProperty)}`));
}

/** A map's keys are listed in a message about one it does not take when there are at most this many. */
const LISTED_KEYS = 12;

function toProblem(file: string, error: ErrorObject, placed: PlacedDocument, whole: string): Problem {
  const path = pointerToPath(error.instancePath);
  const { at, fullPath, message } = describe(error, path, whole);
  const pos = placeOf(placed, fullPath, at);
  return problemAt(placeIn(file, pos), message, dotted(fullPath));
}

function describe(
  error: ErrorObject,
  path: NodePath,
  whole: string,
): { at: 'key' | 'value'; fullPath: NodePath; message: string } {
  const schema = (error.parentSchema ?? {}) as { title?: string; description?: string; properties?: object };
  const where = dotted(path) || whole;
  // An error raised by `propertyNames` is about a key (a header name), not the map's value.
  const key = (error as ErrorObject & { propertyName?: string }).propertyName;
  if (key !== undefined) {
    const fullPath = [...path, key];
    return { at: 'key', fullPath, message: `${dotted(fullPath)} must be ${schema.description ?? 'a valid name'}; got ${show(key)}` };
  }
  if (error.keyword === 'additionalProperties') {
    const name = String(error.params.additionalProperty);
    const fullPath = [...path, name];
    const known = Object.keys(schema.properties ?? {});
    const what = schema.title ? `a ${schema.title} field` : 'a known key';
    const hint = didYouMean(name, known) || allowedKeys(schema.title, known);
    return { at: 'key', fullPath, message: `${dotted(fullPath)} is not ${what}${hint}` };
  }
  if (error.keyword === 'required') {
    const name = String(error.params.missingProperty);
    const owner = schema.title ? `${schema.title} ` : '';
    return { at: 'key', fullPath: path, message: `${where} is missing required ${owner}field "${name}"` };
  }
  if (path.some((step) => typeof step === 'string' && SECRET_KEYS.includes(step))) {
    return { at: 'value', fullPath: path, message: `${where} must be ${schema.description ?? 'valid'}; the value is not shown, it may hold a secret` };
  }
  if (error.data === null) return { at: 'value', fullPath: path, message: `${where} is empty (null, ~ or no value): give it a value or leave the key out; to send the text ~ or null, quote it` };
  const hint = error.keyword === 'enum' && typeof error.data === 'string' ? didYouMean(error.data, (error.params.allowedValues as unknown[]).map(String)) : '';
  // A schema node without a description gets Ajv's own wording, which already starts "must ...".
  const expectation = schema.description !== undefined ? `must be ${schema.description}` : (error.message ?? 'is not valid');
  return { at: 'value', fullPath: path, message: `${where} ${expectation}; got ${show(error.data)}${hint}` };
}

/** `; the defaults fields are delay, headers, protocol, wire, callerAuth and rateLimit`, when they are few enough to read in one line. */
function allowedKeys(title: string | undefined, known: readonly string[]): string {
  if (known.length === 0 || known.length > LISTED_KEYS) return '';
  const list = known.length === 1 ? known[0] : `${known.slice(0, -1).join(', ')} and ${known[known.length - 1]}`;
  return `; the ${title ? `${title} fields` : 'keys taken here'} ${known.length === 1 ? 'is' : 'are'} ${list}`;
}

function show(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list';
  if (typeof value === 'object') return 'a map';
  return JSON.stringify(value);
}

function pointerToPath(pointer: string): NodePath {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** `tokens.alice.companyList[0].id`; keys that are not identifiers are quoted. */
export function dotted(path: NodePath): string {
  return path
    .map((s, i) => {
      if (typeof s === 'number') return `[${s}]`;
      const plain = /^[A-Za-z_$][\w$-]*$/.test(s) ? s : JSON.stringify(s);
      return i === 0 ? plain : `.${plain}`;
    })
    .join('');
}
