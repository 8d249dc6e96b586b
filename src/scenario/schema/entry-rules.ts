import { RESOURCE_NAMES, RESOURCES, nestedResource, type FieldSpec, type ResourceName } from '../../protocol/fields';
import { COMPANY_MODULES, isCompanyListServed } from '../../protocol/modules';
import { isIntroducedBy, PROTOCOL_VERSIONS, type ProtocolVersion } from '../../protocol/versions';
import type { WireOptions, WireStyle } from '../../protocol/wire-encode';
import { dotted } from './check-scenario-file';
import { versionOf, wireOf } from './wire-options-for';
import { toDelayShape } from '../base/delay-shape';
import { parseDuration } from '../base/duration';
import type { NodePath } from '../base/locate-node';
import { placeOf, type ParsedScenarioFile } from './parse-scenario-file';
import type { Problem } from '../base/problem';
import { placeIn, problemAt } from '../base/problem';
import { PASSED_CONTROL_KEYS } from './generate-knobs';
import { SETTING_KEYS, SPECIAL_ENTRY_KEYS, type EntryData } from './scenario-schema';
import { ENTRY_ONLY_KEYS } from './toolbox-schema';
import { overlongDurations } from './timer-limit';
import { checkTypedScalars } from './typed-scalar-rules';
import { framingBreaches } from './wire-framing-rules';
import { impossibleRanges } from './expect-rules';

type Report = (path: NodePath, severity: Problem['severity'], message: string) => void;

/**
 * What the schema cannot say about a valid file: keys that would have no effect, and fields that
 * are served with a warning (deprecated) or left out (newer than the served protocol, or needing a
 * module that is not installed).
 */
export function checkEntryRules(file: ParsedScenarioFile, base: WireOptions): Problem[] {
  const problems: Problem[] = [];
  const report: Report = (path, severity, message) => {
    const pos = placeOf(file, path, 'key');
    problems.push(problemAt(placeIn(file.file, pos), message, dotted(path), severity));
  };
  const defaults = (file.data.defaults ?? {}) as EntryData;
  for (const overlong of overlongDurations(defaults, ['defaults'])) report(overlong.path, 'error', overlong.message);
  for (const breach of framingBreaches(defaults, ['defaults'])) report(breach.path, 'error', breach.message);
  checkRateLimit(defaults, ['defaults'], versionOf(defaults, base.version), base, report);
  const named = Object.entries((file.data.tokens ?? {}) as Record<string, EntryData>).map(([t, e]) => [['tokens', t], e] as const);
  const special = SPECIAL_ENTRY_KEYS.filter((k) => file.data[k] !== undefined).map((k) => [[k], file.data[k] as EntryData] as const);
  const fileWire = wireOf(defaults, base.wire);
  for (const [path, entry] of [...named, ...special]) checkEntry(entry, path, versionOf(entry, versionOf(defaults, base.version)), base, report, wireOf(entry, fileWire));
  for (const range of impossibleRanges(file.data.expect, ['expect'])) report(range.path, 'error', range.message);
  const populations = Array.isArray(file.data.generate) ? (file.data.generate as unknown[]) : [];
  populations.forEach((item, i) => checkPopulation(item as EntryData, ['generate', i], versionOf(item as EntryData, versionOf(defaults, base.version)), base, report));
  return problems;
}

/**
 * A `generate:` item holds answers too: the control keys every card gets (a delay shape) and
 * the `error:` entry error-drawn tokens get, merged over them as compilePopulations merges it.
 */
function checkPopulation(item: EntryData, path: NodePath, version: ProtocolVersion, base: WireOptions, report: Report): void {
  if (item === null || typeof item !== 'object') return;
  const control = Object.fromEntries(PASSED_CONTROL_KEYS.filter((k) => item[k] !== undefined).map((k) => [k, item[k]]));
  checkAnswer(control, path, version, base, report);
  const error = item.error as EntryData | undefined;
  if (error !== null && typeof error === 'object') checkEntry(error, [...path, 'error'], versionOf(error, version), base, report);
}

function checkEntry(entry: EntryData, path: NodePath, version: ProtocolVersion, base: WireOptions, report: Report, wire: WireStyle = base.wire): void {
  if (entry === null || typeof entry !== 'object') return;
  if (Array.isArray(entry.sequence)) {
    for (const key of Object.keys(entry).filter((k) => !(k in ENTRY_ONLY_KEYS) && !(SETTING_KEYS as readonly string[]).includes(k))) {
      report([...path, key], 'error', `${dotted([...path, key])} sits beside a sequence, where it has no effect; move it into the sequence's steps`);
    }
    entry.sequence.forEach((step, i) => checkAnswer(step as EntryData, [...path, 'sequence', i], version, base, report, wire));
  } else {
    checkAnswer(entry, path, version, base, report, wire);
  }
  for (const range of impossibleRanges(entry.expect, [...path, 'expect'])) report(range.path, 'error', range.message);
  if (entry.then !== undefined && !Array.isArray(entry.sequence)) report([...path, 'then'], 'warning', `${dotted([...path, 'then'])} has no effect without a sequence`);
  const expiry = entry.expire as { answer?: EntryData } | undefined;
  if (expiry?.answer) checkAnswer(expiry.answer, [...path, 'expire', 'answer'], version, base, report, wire);
  checkRateLimit(entry, path, version, base, report, wire);
}

/** A `rateLimit:` (an entry's or the file defaults'): a window longer than 0, and its answer like any other. */
function checkRateLimit(entry: EntryData, path: NodePath, version: ProtocolVersion, base: WireOptions, report: Report, wire: WireStyle = base.wire): void {
  const limit = entry.rateLimit as { per?: unknown; answer?: EntryData } | undefined;
  if (limit === null || typeof limit !== 'object') return;
  const at = [...path, 'rateLimit'];
  if (parseDuration(limit.per) === 0) report([...at, 'per'], 'error', `${dotted([...at, 'per'])} must be longer than 0: it is the window the requests are counted in, e.g. "1s" or "1m"`);
  if (limit.answer) checkAnswer(limit.answer, [...at, 'answer'], version, base, report, wire);
}

function checkAnswer(answer: EntryData, path: NodePath, inherited: ProtocolVersion, base: WireOptions, report: Report, inheritedWire: WireStyle = base.wire): void {
  const version = versionOf(answer, inherited);
  const wire = wireOf(answer, inheritedWire);
  const at = (key: string) => dotted([...path, key]);
  if (answer.chance !== undefined && answer.fault === undefined && answer.otherwise === undefined) {
    report([...path, 'chance'], 'error', `${at('chance')} needs a fault or an "otherwise" answer, for the requests it does not fire on`);
  }
  if (answer.otherwise !== undefined && answer.chance === undefined) report([...path, 'otherwise'], 'warning', `${at('otherwise')} has no effect without a chance`);
  if (answer.delay !== undefined && toDelayShape(answer.delay) === undefined) {
    report([...path, 'delay'], 'error', `${at('delay')} must have its minimum first: { uniform: [min, max] }`);
  }
  if (answer.companyList !== undefined && !isCompanyListServed(base.modules)) {
    const installed = base.modules.length === 0 ? 'none' : base.modules.join(', ');
    report([...path, 'companyList'], 'warning', `${at('companyList')} is left out: it is served only with the ${COMPANY_MODULES.join(' or ')} module, and the installed modules are: ${installed}`);
  }
  for (const overlong of overlongDurations(answer, path)) report(overlong.path, 'error', overlong.message);
  for (const breach of framingBreaches(answer, path)) report(breach.path, 'error', breach.message);
  checkResource('Response', answer, path, version, report);
  checkTypedScalars('Response', answer, path, wire, (at, message) => report(at, 'warning', `${dotted(at)} ${message}`));
  if (answer.otherwise && typeof answer.otherwise === 'object') checkAnswer(answer.otherwise as EntryData, [...path, 'otherwise'], version, base, report, wire);
}

/** Deprecated and too-new fields of one authored resource, then of every resource nested in it that can have them. */
function checkResource(resource: ResourceName, value: unknown, path: NodePath, version: ProtocolVersion, report: Report): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) return value.forEach((item, i) => checkResource(resource, item, [...path, i], version, report));
  let tooNew: string[] | undefined;
  for (const { spec, inner } of WARNING_FIELDS.get(resource) ?? []) {
    if (!(spec.name in value)) continue;
    if (spec.deprecatedFor) {
      const fieldPath = [...path, spec.name];
      report(fieldPath, 'warning', `${dotted(fieldPath)} is deprecated; use ${spec.deprecatedFor} instead (it is still served)`);
    }
    if (!isIntroducedBy(spec.since, version)) (tooNew ??= []).push(`${spec.name} (since ${spec.since})`);
    if (inner !== undefined) checkResource(inner, (value as Record<string, unknown>)[spec.name], [...path, spec.name], version, report);
  }
  if (tooNew !== undefined && path.length > 0) {
    report(path, 'warning', `${dotted(path)} is served as protocol ${version}, which leaves out ${tooNew.join(', ')}`);
  }
}

/**
 * Whether a field of `resource`, or of a resource inside it, can warn under some version
 * (deprecated, or newer than the first). Only those are walked: a card's branch, companies and
 * lists have no such field, and a large file holds thousands of them, each read field by field.
 * `seen` ends the loop of a group's parentGroup.
 */
function canWarn(resource: ResourceName, seen = new Set<ResourceName>()): boolean {
  if (seen.has(resource)) return false;
  seen.add(resource);
  return RESOURCES[resource].some((spec) => {
    const inner = nestedResource(spec.type);
    return fieldCanWarn(spec) || (inner !== undefined && canWarn(inner, seen));
  });
}

/** Whether a field itself can warn under some version: deprecated, or newer than the first. */
function fieldCanWarn(spec: FieldSpec): boolean {
  return spec.deprecatedFor !== undefined || spec.since !== PROTOCOL_VERSIONS[0];
}

const WARNING_RESOURCES = new Set(RESOURCE_NAMES.filter((resource) => canWarn(resource)));

/**
 * Each resource's fields that can warn (deprecated, or newer than the first version) or hold a
 * resource that can, in the protocol's order: the rest never warn under any version, so
 * checkResource does not look for them. A card's resource has 30 fields, 14 of which never warn, and
 * a response 4, of which only the card can: looking for every one cost ~24 ms of a 1,000-token
 * start (V8's sampler), most of it before the loop was compiled.
 */
const WARNING_FIELDS = new Map(
  RESOURCE_NAMES.map((resource) => [
    resource,
    RESOURCES[resource].flatMap((spec) => {
      const nested = nestedResource(spec.type);
      const inner = nested !== undefined && WARNING_RESOURCES.has(nested) ? nested : undefined;
      return fieldCanWarn(spec) || inner !== undefined ? [{ spec, inner }] : [];
    }),
  ]),
);
