import type { Express } from 'express';
import type { Socket } from 'node:net';
import { ScenarioError } from '../scenario/base/scenario-error';
import { ScenarioStore } from '../scenario/live/scenario-store';
import type { ScenarioWatcher, WatchOptions } from '../scenario/live/watch-scenarios';
import type * as WatchScenariosModule from '../scenario/live/watch-scenarios';
import { DEFAULT_HOST, type SimulatorOptions } from './simulator-options';
import type { ControlParts } from './admin/control-parts';
import { createControlParts } from './create-control-parts';
import { createProtocolHandler, type NodeHandler } from './endpoint/protocol-handler';
import { createAnswerRuntime } from './endpoint/answer-runtime';
import { TokenStates, type TokenStateStore } from '../scenario/state/token-state';
import { RuntimeTokens } from '../scenario/state/runtime-tokens';
import { Sessions } from './endpoint/sessions';
import { randomSeed } from '../scenario/base/seeded-draw';
import { ScenarioClock } from '../scenario/state/scenario-clock';
import { joinGroup, openGroup } from './join-group';
import { startServer, type RunningServer } from './start-server';
import type { ServedTls } from '../tls/server-tls';
import { createGlobalGuard } from '../caller-auth/caller-guard';
import { guardWithRefusal } from '../scenario/compile/built-in-entries';
import { DEFAULT_WIRE_OPTIONS } from '../protocol/wire-encode';
import { compilePopulationsOnDemand } from './population-compiler';
import type * as ClientSubjectModule from '../tls/client-subject';
import type * as ServerTlsModule from '../tls/server-tls';
import type * as CreateAppModule from './create-app';

export type { SimulatorOptions } from './simulator-options';

/** A running simulator: the server, the scenario store behind it, and the app. */
export interface Simulator extends RunningServer {
  readonly store: ScenarioStore;
  /** The Express app (admin API, 404s), built on first use: the server answers protocol requests without it. */
  readonly app: Express;
  /** The scenario file watcher; null with `watch: false` or no paths. close() stops it. */
  readonly watcher: ScenarioWatcher | null;
  /** Runtime tokens, the journal, the admin settings and reset. */
  readonly control: ControlParts;
  /** The admin API's base URL; null with the admin API off. */
  readonly adminUrl: string | null;
  /** Per-token state of sequences, expiry and chance; `tokenStates.reset(token?)` forgets it. */
  readonly tokenStates: TokenStateStore;
  /** The seed in use: pass it as `seed` (or --seed) to replay this run request by request. */
  readonly seed: number;
  /** What is served over HTTPS (the certificate to trust, its fingerprint); null for plain HTTP. */
  readonly tls: ServedTls | null;
}

/** Loads the scenarios, then listens (the internal launcher; the public API wraps it). Throws ScenarioError if the first load fails: nothing to serve. */
export async function runSimulator(options: SimulatorOptions): Promise<Simulator> {
  const host = options.host ?? DEFAULT_HOST;
  // Built first, like the control parts: bad TLS files or credentials must fail before anything watches or listens.
  // The TLS code (and node-forge behind it) loads only for HTTPS: a plain start pays nothing for it.
  const tls = options.tls
    ? (require('../tls/server-tls') as typeof ServerTlsModule).serverTls(options.tls, host)
    : null;
  const callerCheck = createGlobalGuard(options.callerAuth ?? [], tls?.served.clientCertificates === 'optional');
  const guard = callerCheck && guardWithRefusal(callerCheck, options.wire ?? DEFAULT_WIRE_OPTIONS, '');
  const store = new ScenarioStore(options.sources, options, compilePopulationsOnDemand);
  const seed = options.seed ?? randomSeed();
  // Before anything listens: a Redis that cannot be had stops the start (unless optional).
  const clock = new ScenarioClock();
  const group = await openGroup(options, seed, clock);
  const sessions = new Sessions({
    maxSessions: options.maxSessions,
    defaultTtlMs: options.sessionTtlMs,
    makeStates: (id) => group?.sessions.states(id, seed) ?? new TokenStates(seed, () => clock.now()),
    makeRuntime: ({ id, ttlMs }) => {
      const tokens = new RuntimeTokens(options, options.maxRuntimeTokens, options.maxRuntimeBytes);
      if (group) tokens.onChange = (token, put) => void group.sessions.change(id, ttlMs, token, put);
      return tokens;
    },
    now: () => clock.now(),
    share: group?.sessions,
  });
  // An idle session ends by scenario time, so it is looked at again whenever that moves.
  clock.onMove(() => sessions.recheck());
  const runtime = createAnswerRuntime(seed, options.onInternalError, clock, group?.states, sessions);
  // Built first: a bad admin prefix must fail before anything watches or listens.
  const control = createControlParts(
    store,
    { ...options, host },
    runtime,
    tls && tls.served.clientCertificates !== 'off'
      ? {
          clientSubject: (require('../tls/client-subject') as typeof ClientSubjectModule).createClientSubjects(),
        }
      : {},
    group,
  );
  const first = await store.reload('start');
  if (!first.ok) {
    await group?.close();
    throw new ScenarioError('auth-sim: the scenarios did not load:', first.problems);
  }
  const protocol = createProtocolHandler(
    control.tokens,
    control.recorder,
    runtime,
    guard,
    control.callers,
    options.passOn,
  );
  const app = lazyApp(protocol, control);
  const running = await startServer(
    (req, res) => {
      app()(req, res);
    },
    protocol,
    options.port ?? 0,
    host,
    tls?.serverOptions,
    options.silentConnectionMs,
  ).catch(async (error: unknown) => {
    await group?.close();
    throw error;
  });
  if (group) await joinGroup(group, running.port, control);
  // Watched once listening, so the first answer waits for no directory scan; the watcher then
  // catches up on an edit made since the first read (see ScenarioWatcher.start).
  const watcher = startWatcher(store, options.watch);
  if (tls && options.onTlsFailure) {
    const report = options.onTlsFailure;
    // A handshake cut short has a destroyed socket, whose address reads undefined: each
    // connection's address is kept as it arrives, and found again through the TLS socket's
    // underlying connection (`_parent`, the only link Node keeps between the two).
    const addresses = new WeakMap<object, string>();
    running.server.on('connection', (raw: Socket) => addresses.set(raw, `${raw.remoteAddress}:${raw.remotePort}`));
    running.server.on('tlsClientError', (error: Error & { reason?: string; code?: string }, socket: Socket) => {
      const parent = (socket as Socket & { _parent?: object })._parent;
      const from = (parent && addresses.get(parent)) ?? addresses.get(socket) ?? 'an unknown address';
      const reason = error.reason ?? (error.code ? `${error.message} (${error.code})` : error.message);
      report({ from, reason });
    });
  }
  const close = async (graceMs?: number) => (
    await watcher?.close(),
    runtime.faults.closeAll(),
    sessions.forgetAll(),
    control.endStreams(),
    await running.close(graceMs ?? options.shutdownGraceMs),
    await group?.close()
  );
  return {
    ...running,
    close,
    store,
    get app() {
      return app();
    },
    control,
    adminUrl: control.admin ? `${running.url}${control.admin.prefix}` : null,
    tokenStates: runtime.states,
    seed: runtime.states.seed,
    watcher,
    tls: tls?.served ?? null,
  };
}

/**
 * The Express app, built on first use: loading Express takes ~80 ms, and the protocol handler
 * answers protocol requests without it, so only the first other request (admin API, a 404) pays.
 */
function lazyApp(protocol: NodeHandler, control: ControlParts): () => Express {
  let app: Express | undefined;
  return () => {
    app ??= (require('./create-app') as typeof CreateAppModule).createApp(protocol, control);
    return app;
  };
}

/** The watcher (and chokidar behind it) loads only when watching. */
function startWatcher(store: ScenarioStore, watch: boolean | WatchOptions = true): ScenarioWatcher | null {
  if (watch === false || store.sources.paths.length === 0) {
    store.forgetFirstRead();
    return null;
  }
  const { ScenarioWatcher } = require('../scenario/live/watch-scenarios') as typeof WatchScenariosModule;
  return ScenarioWatcher.start(store, watch === true ? {} : watch);
}
