import { hostname } from 'node:os';
import type { GroupMember, RedisGroup } from '../shared-state/redis-group';
import type { SessionMember } from '../shared-state/shared-sessions';
import type * as RedisGroupModule from '../shared-state/redis-group';
import type { SimulatorOptions } from './simulator-options';
import type { ControlParts } from './admin/control-parts';
import { adoptedRecord, type ShippedRequest } from './endpoint/shipped-request';
import type { Exchange } from '../caller-report/exchange';
import { formatProblem } from '../scenario/base/problem';
import type * as CheckedGroupValues from './checked-group-values';
import type { ScenarioClock } from '../scenario/state/scenario-clock';
import { inSlices } from '../scenario/live/load-in-slices';
import { listSet } from '../scenario/compile/set-listing';
import type { RuntimeTokens } from '../scenario/state/runtime-tokens';

/**
 * Connects to the group's Redis (`redis` option) before anything listens, so a bad URL or an
 * unreachable Redis stops the start. The Redis code (and ioredis) is required here only when
 * asked for: a start without it loads neither.
 */
export async function openGroup(
  options: SimulatorOptions,
  seed: number,
  clock: ScenarioClock,
): Promise<RedisGroup | undefined> {
  const redis = options.redis;
  if (redis === undefined) return undefined;
  const { openRedisGroup } = require('../shared-state/redis-group') as typeof RedisGroupModule;
  const { listShippedExchange, listShippedRequest } = require('./checked-group-values') as typeof CheckedGroupValues;
  const notice = redis.onNotice ?? ((_level: string, message: string) => process.emitWarning(message));
  const { group, failed } = await openRedisGroup({
    url: redis.url,
    prefix: redis.prefix,
    optional: redis.optional,
    seed,
    clock,
    journalSize: options.journalSize ?? 1000,
    encoding: { request: listShippedRequest, exchange: listShippedExchange },
    notice,
  });
  if (failed !== null) notice('warn', `${failed}; starting on local state, joining the group once Redis answers`);
  return group;
}

/** Joins once listening: the instance is named `host:port`, and the others' changes apply to `control`. */
export async function joinGroup(group: RedisGroup, port: number, control: ControlParts): Promise<void> {
  const instance = `${hostname()}:${port}`;
  if (control.recorder) control.recorder.instance = instance;
  control.runtime.onChange = (token, put) =>
    void (put === null ? group.shareRemove(token) : group.sharePut(token, put.text, put.file));
  control.answering.clock.share = group.clockShare;
  // Sessions first: the group's streams, read next from their start, fold each exchange into its session's report.
  group.instance = instance;
  await group.sessions.join(sessionMemberOf(control));
  await group.join(instance, memberOf(control));
  await tellSets(group, control);
}

/** Tells the group the set served now, and again after each reload, so differing sets are noticed. */
async function tellSets(group: RedisGroup, control: ControlParts): Promise<void> {
  const serve = async () => group.sets.serve(await inSlices(listSet(control.store.set)));
  control.store.on('reloaded', () => void serve().catch(() => undefined));
  await serve();
}

/** The sessions as the group sees them: another instance's opens, ends and session runtime tokens. */
function sessionMemberOf(control: ControlParts): SessionMember {
  return {
    adopt: (record, runtime) => {
      const session = control.sessions.adopt(record);
      const refused: [string, string][] = [];
      for (const { token, text, file } of runtime) {
        const problem = adoptRuntime(session.runtime, token, text, file);
        if (problem !== null) refused.push([token, problem]);
      }
      return refused;
    },
    knows: (id) => control.sessions.get(id) !== undefined,
    end: (id) => void control.sessions.forget(id),
    putRuntime: (id, token, text, file) => {
      const session = control.sessions.get(id);
      return session === undefined ? null : adoptRuntime(session.runtime, token, text, file);
    },
    removeRuntime: (id, token) => void control.sessions.get(id)?.runtimeIfAny?.forget(token),
  };
}

/** The simulator as the group sees it; what another instance sends is checked before it is taken on. */
function memberOf(control: ControlParts): GroupMember {
  // Loaded with a group only: a plain start loads none of shared-state's code.
  const { readShippedExchange, readShippedRequest } = require('./checked-group-values') as typeof CheckedGroupValues;
  return {
    putRuntime: (token, text, file) => adoptRuntime(control.runtime, token, text, file),
    removeRuntime: (token) => void control.runtime.forget(token),
    resetLocal: () => control.resetLocal(),
    adoptRequest: (value, instance, seq) => {
      const entry = readShippedRequest(value);
      if (typeof entry === 'string') return entry;
      control.journal?.add(adoptedRecord(entry, instance, seq));
      return null;
    },
    adoptExchange: (value) => {
      const exchange = readShippedExchange(value);
      if (typeof exchange === 'string') return exchange;
      control.callers?.adopt(exchange);
      return null;
    },
    // This instance's own, as it described them for the stream: what the checks above would give back.
    takeRequest: (described: ShippedRequest, instance: string, seq: number) =>
      void control.journal?.add(adoptedRecord(described, instance, seq)),
    takeExchange: (exchange: Exchange) => control.callers?.adopt(exchange),
    clearJournal: () => control.journal?.clear(),
    restartReport: (since) => void control.callers?.reset(since),
  };
}

/** Takes on a runtime token another instance put; what is wrong with its entry here, or null. */
function adoptRuntime(runtime: RuntimeTokens, token: string, text: string, file: string): string | null {
  const outcome = runtime.adopt(token, text, file);
  return outcome.ok ? null : `the entry does not compile: ${formatProblem(outcome.problems[0])}`;
}
