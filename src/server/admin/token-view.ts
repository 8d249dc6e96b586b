import {
  lookupEntry,
  type CompiledEntry,
  type ScenarioSet,
  type TokenMemory,
  type TokenUse,
} from '../../scenario/compile/scenario-set';
import { planAnswers, positionOf, type AnswerPlan } from '../../scenario/compile/entry-answers';
import { RUNTIME_FILE } from '../../scenario/state/runtime-tokens';
import { entryKind } from '../endpoint/journal';
import type { ControlParts } from './control-parts';
import type { PassOn } from '../endpoint/pass-on';

/** Where a runtime token says it comes from in the admin API (the journal keeps `(admin)`). */
export const RUNTIME_SOURCE = 'runtime';

/** A place in a scenario file: what a runtime token hides. */
export interface FilePlace {
  readonly file: string;
  readonly line: number;
}

/** What the next request for a token gets, and where that falls in its entry: its step, its expiry, or an outage. */
interface NextAnswer {
  /** Which request for the token it would be (1: its first, or the first since its entry changed). */
  readonly use: number;
  /** 1-based step of a sequence; null without one, once expired, or during an outage. */
  readonly step: number | null;
  readonly steps: number;
  readonly expired: boolean;
  readonly outage: boolean;
  /** The same in words, as the dashboard shows it: "step 3 of 3, repeats". */
  readonly text: string;
}

/**
 * `GET /tokens/{token}`: what the token gets now, read through the same token memory the request
 * path counts in (this process's or the group's Redis), asked what the next use would be without
 * counting it; and the entry as written. Static entries need no memory and have no `next`.
 */
export async function tokenView(parts: ControlParts, token: string): Promise<object> {
  const set = parts.tokens.set;
  const entry = parts.tokens.resolve(token);
  const outage = parts.answering.outage.entry;
  const states = parts.answering.states;
  let use: TokenUse | undefined;
  let served: string | undefined;
  const peeking: TokenMemory = {
    seed: states.seed,
    touch: (t, fingerprint) => {
      served = fingerprint;
      const next = states.peek(t, fingerprint);
      if (next instanceof Promise) return next.then((u) => (use = u));
      return (use = next);
    },
  };
  if (outage === null && parts.passOn !== undefined && entry === set.fallback) return proxiedView(parts.passOn, token);
  const answer = await (outage ?? entry).answer({ token, states: peeking });
  const { reply } = answer;
  const body = reply.body ?? Buffer.alloc(0);
  const runtime = entry.source.file === RUNTIME_FILE;
  const hides = runtime ? hiddenPlace(set, token) : null;
  return {
    token,
    kind: entryKind(set, entry),
    source: runtime ? RUNTIME_SOURCE : placeOf(entry),
    ...(hides === null ? {} : { hides }),
    status: reply.status,
    headers: reply.headers,
    bodyNone: reply.body === null,
    body: body.toString('utf8'),
    bodyBase64: body.toString('base64'),
    bodyBytes: body.length,
    delayMs: answer.delayMs,
    fault: answer.fault?.name ?? null,
    next: outage !== null ? outageNext(parts) : use === undefined ? null : describeNext(entry, use),
    entry: entry.data === undefined ? null : shownData(entry.data),
    state: (await states.list(token, served))[0] ?? null,
  };
}

/** A token hybrid mode passes on: what it gets is the real service's to say, and asking it here would be a request. */
function proxiedView(passOn: PassOn, token: string): object {
  const source = passOn.entry.source.file;
  return {
    token,
    kind: 'proxied',
    source,
    status: null,
    headers: {},
    bodyNone: true,
    body: '',
    bodyBase64: '',
    bodyBytes: 0,
    delayMs: 0,
    fault: null,
    next: {
      use: 0,
      step: null,
      steps: 1,
      expired: false,
      outage: false,
      text: `passed to the real service, ${source.slice(source.indexOf(' ') + 1)} (--proxy): it answers`,
    },
    entry: null,
    state: null,
  };
}

/** The file entry (or population) a runtime token stands in front of; null when it hides nothing. */
export function hiddenPlace(set: ScenarioSet, token: string): FilePlace | null {
  const below = lookupEntry(set, token);
  if (below === set.fallback || below === set.unavailable) return null;
  return { file: below.source.file, line: below.source.line };
}

function placeOf(entry: CompiledEntry): string {
  return entry.source.line > 0 ? `${entry.source.file}:${entry.source.line}` : entry.source.file;
}

/** The data without the empty `headers` merging always leaves. */
function shownData(data: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const { headers, ...rest } = data;
  return headers !== null && typeof headers === 'object' && Object.keys(headers).length === 0 ? rest : data;
}

function outageNext(parts: ControlParts): NextAnswer {
  const until = parts.answering.outage.status().until;
  return {
    use: 0,
    step: null,
    steps: 1,
    expired: false,
    outage: true,
    text: `an outage: every token gets its answer ${until === null ? 'until it is lifted' : `until ${until}`}`,
  };
}

/** The next use's place in the entry's plan, in numbers and in words. */
function describeNext(entry: CompiledEntry, use: TokenUse): NextAnswer {
  const plan: AnswerPlan =
    entry.data === undefined ? { steps: 1, cycle: false, expiry: null } : planAnswers(entry.data);
  const at = positionOf(plan, use);
  const base = { use: use.uses, steps: plan.steps, expired: at.expired, outage: false };
  const expiry = plan.expiry;
  if (at.expired && expiry !== null) {
    const text = Number.isFinite(expiry.uses)
      ? `expired after ${expiry.uses} use(s)`
      : `expired ${formatMs(expiry.ms)} after its first request (${new Date(use.firstUseAt).toISOString()})`;
    return { ...base, step: null, text };
  }
  const parts: string[] = [];
  if (plan.steps > 1) {
    const last = at.step === plan.steps - 1;
    parts.push(`step ${at.step + 1} of ${plan.steps}${last ? (plan.cycle ? ', then starts over' : ', repeats') : ''}`);
  }
  if (expiry !== null && Number.isFinite(expiry.uses))
    parts.push(`use ${use.uses} of ${expiry.uses} before it expires`);
  else if (expiry !== null)
    parts.push(
      use.uses === 1
        ? `expires ${formatMs(expiry.ms)} after its first request`
        : `expires at ${new Date(use.firstUseAt + expiry.ms).toISOString()}`,
    );
  if (parts.length === 0) parts.push(`request ${use.uses}`);
  return { ...base, step: plan.steps > 1 ? at.step + 1 : null, text: parts.join('; ') };
}

function formatMs(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}
