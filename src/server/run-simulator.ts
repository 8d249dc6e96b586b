import type { Express } from 'express';
import type { LoadOptions } from '../scenario/load-scenario-set';
import type { Problem } from '../scenario/problem';
import { ScenarioStore, type ScenarioSources } from '../scenario/scenario-store';
import { createApp } from './create-app';
import { createProtocolHandler } from './protocol-handler';
import { startServer, type RunningServer } from './start-server';

/** Everything a simulator is started with; only the sources are required. */
export interface SimulatorOptions extends LoadOptions {
  readonly sources: ScenarioSources;
  readonly port?: number;
  readonly host?: string;
}

/** A running simulator: the server, the scenario store behind it, and the app. */
export interface Simulator extends RunningServer {
  readonly store: ScenarioStore;
  readonly app: Express;
}

/** The first load failed: nothing to serve. */
export class ScenarioLoadError extends Error {
  constructor(readonly problems: readonly Problem[]) {
    super(`scenarios failed to load: ${problems.length} problem(s)`);
  }
}

/** Loads the scenarios, then listens (the internal launcher; the public API wraps it). Throws ScenarioLoadError if the first load fails. */
export async function runSimulator(options: SimulatorOptions): Promise<Simulator> {
  const store = new ScenarioStore(options.sources, options);
  const first = await store.reload();
  if (!first.ok) throw new ScenarioLoadError(first.problems);
  const protocol = createProtocolHandler(store);
  const app = createApp({ protocol });
  const running = await startServer(app, protocol, options.port ?? 0, options.host ?? '127.0.0.1');
  return { ...running, store, app };
}
