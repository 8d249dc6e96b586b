import { RESOURCES, nestedResource, type ResourceName } from '../protocol/fields';
import { COMPANY_MODULES, isCompanyListServed } from '../protocol/modules';
import { isIntroducedBy, isProtocolVersion, type ProtocolVersion } from '../protocol/versions';
import type { WireOptions } from '../protocol/wire-encode';
import { dotted } from './check-scenario-file';
import { SETTING_KEYS, type StepData } from './compile-step';
import { toDelayShape } from './delay-shape';
import type { NodePath } from './locate-node';
import { placeOf, type ParsedScenarioFile } from './parse-scenario-file';
import type { Problem } from './problem';
import { ENTRY_ONLY_KEYS } from './toolbox-schema';

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
    problems.push({ file: file.file, line: pos.line, column: pos.col, severity, path: dotted(path), message });
  };
  const defaults = (file.data.defaults ?? {}) as StepData;
  const named = Object.entries((file.data.tokens ?? {}) as Record<string, StepData>).map(([t, e]) => [['tokens', t], e] as const);
  const special = (['fallback', 'unavailable'] as const).filter((k) => file.data[k] !== undefined).map((k) => [[k], file.data[k] as StepData] as const);
  for (const [path, entry] of [...named, ...special]) checkEntry(entry, path, versionOf(entry, versionOf(defaults, base.version)), base, report);
  return problems;
}

function checkEntry(entry: StepData, path: NodePath, version: ProtocolVersion, base: WireOptions, report: Report): void {
  if (entry === null || typeof entry !== 'object') return;
  if (Array.isArray(entry.sequence)) {
    for (const key of Object.keys(entry).filter((k) => !(k in ENTRY_ONLY_KEYS) && !(SETTING_KEYS as readonly string[]).includes(k))) {
      report([...path, key], 'error', `${dotted([...path, key])} sits beside a sequence, where it has no effect; move it into the sequence's steps`);
    }
    entry.sequence.forEach((step, i) => checkAnswer(step as StepData, [...path, 'sequence', i], version, base, report));
  } else {
    checkAnswer(entry, path, version, base, report);
  }
  if (entry.then !== undefined && !Array.isArray(entry.sequence)) report([...path, 'then'], 'warning', `${dotted([...path, 'then'])} has no effect without a sequence`);
  const expiry = entry.expire as { answer?: StepData } | undefined;
  if (expiry?.answer) checkAnswer(expiry.answer, [...path, 'expire', 'answer'], version, base, report);
}

function checkAnswer(answer: StepData, path: NodePath, inherited: ProtocolVersion, base: WireOptions, report: Report): void {
  const version = versionOf(answer, inherited);
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
  checkResource('Response', answer, path, version, report);
  if (answer.otherwise && typeof answer.otherwise === 'object') checkAnswer(answer.otherwise as StepData, [...path, 'otherwise'], version, base, report);
}

/** Deprecated and too-new fields of one authored resource, then of every resource nested in it. */
function checkResource(resource: ResourceName, value: unknown, path: NodePath, version: ProtocolVersion, report: Report): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) return value.forEach((item, i) => checkResource(resource, item, [...path, i], version, report));
  const tooNew: string[] = [];
  for (const spec of RESOURCES[resource]) {
    if (!(spec.name in value)) continue;
    const fieldPath = [...path, spec.name];
    if (spec.deprecatedFor) report(fieldPath, 'warning', `${dotted(fieldPath)} is deprecated; use ${spec.deprecatedFor} instead (it is still served)`);
    if (!isIntroducedBy(spec.since, version)) tooNew.push(`${spec.name} (since ${spec.since})`);
    const nested = nestedResource(spec.type);
    if (nested) checkResource(nested, (value as Record<string, unknown>)[spec.name], fieldPath, version, report);
  }
  if (tooNew.length > 0 && path.length > 0) {
    report(path, 'warning', `${dotted(path)} is served as protocol ${version}, which leaves out ${tooNew.join(', ')}`);
  }
}

function versionOf(data: StepData, inherited: ProtocolVersion): ProtocolVersion {
  return isProtocolVersion(data.protocol) ? data.protocol : inherited;
}
