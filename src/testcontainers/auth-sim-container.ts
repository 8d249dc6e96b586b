import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { AbstractStartedContainer, GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import type { JudgedReport } from '../caller-report/judge-report';
import { verifyReport } from '../caller-report/verify-report';
import { DEFAULT_ADMIN_PREFIX } from '../protocol/endpoints';
import type { TokenReport } from '../caller-report/build-report';
import { AdminClient } from '../api/admin-client';
import { remoteSimulator } from '../api/connect-simulator';
import type { SessionOptions, SimulatorSession, WaitOptions, WaitTarget } from '../api/session-handle';
import type { Duration } from '../api/scenario-types';
import { containerClock, type ContainerClock } from './container-clock';
import { withHostPaths } from './host-paths';

/** The port the image listens on (its EXPOSE). */
const PORT = 8080;
/** Where the image reads scenario files from. */
const SCENARIOS = '/scenarios';

/**
 * The auth-sim image as a Testcontainers module, like WireMock's and Microcks': mount a scenario
 * folder, start, and point the chat server under test at `getUrl()`. The admin API gets a fresh
 * random token (the image listens on 0.0.0.0, where reads need it too) unless one is given, and
 * `report()`/`verify()` send it. Needs no reaper: it runs with TESTCONTAINERS_RYUK_DISABLED=true.
 */
export class AuthSimContainer extends GenericContainer {
  private adminToken = randomBytes(16).toString('hex');
  private readonly serveArgs: string[] = [];
  /** The host folder mounted on /scenarios, to name its files in the report; undefined: the shipped examples. */
  private scenariosDir: string | undefined;

  constructor(image = 'auth-sim:local') {
    super(image);
    this.withExposedPorts(PORT).withWaitStrategy(
      // The image keeps the default admin prefix; its health endpoint answers without the admin token.
      Wait.forHttp(`${DEFAULT_ADMIN_PREFIX}/health`, PORT).forStatusCode(200).withStartupTimeout(60_000),
    );
  }

  /** Serves the scenario files of `dir` (bind-mounted read-only; a save on the host reloads them). */
  withScenarios(dir: string): this {
    this.scenariosDir = path.resolve(dir);
    return this.withBindMounts([{ source: this.scenariosDir, target: SCENARIOS, mode: 'ro' }]);
  }

  /** More serve flags after the image's own: `withServeArgs('--seed', '7')`. */
  withServeArgs(...args: string[]): this {
    this.serveArgs.push(...args);
    return this;
  }

  /** The admin token to use instead of a random one. */
  withAdminToken(secret: string): this {
    this.adminToken = secret;
    return this;
  }

  override async start(): Promise<StartedAuthSimContainer> {
    this.withEnvironment({ AUTH_SIM_ADMIN_TOKEN: this.adminToken }).withCommand(this.serveArgs);
    return new StartedAuthSimContainer(await super.start(), this.adminToken, this.scenariosDir);
  }
}

/** A running auth-sim container: its URLs, its admin token, its caller report. */
export class StartedAuthSimContainer extends AbstractStartedContainer {
  constructor(
    started: StartedTestContainer,
    private readonly adminToken: string,
    private readonly scenariosDir: string | undefined,
  ) {
    super(started);
  }

  /** Scenario time: `clock.advance('2h')` ages time-based expiry and rate-limit windows at once; `clock.reset()` goes back. */
  get clock(): ContainerClock {
    return containerClock(this.getAdminUrl(), this.adminToken);
  }

  /** The base URL the chat server calls: `${getUrl()}/rest/chat/client/id/{token}`. */
  getUrl(): string {
    return `http://${this.getHost()}:${this.getMappedPort(PORT)}`;
  }

  /** The admin API's base URL; requests other than `/health` need `getAdminToken()`. */
  getAdminUrl(): string {
    return `${this.getUrl()}${DEFAULT_ADMIN_PREFIX}`;
  }

  /** The secret the admin API wants, as "authorization: Bearer <secret>". */
  getAdminToken(): string {
    return this.adminToken;
  }

  /**
   * The caller report with its verdict, as GET /__admin/report serves it, except that places in
   * the mounted folder name the host's files (`withScenarios(dir)`), not `/scenarios/...`.
   */
  async report(): Promise<JudgedReport> {
    const response = await fetch(`${this.getAdminUrl()}/report`, {
      headers: { authorization: `Bearer ${this.adminToken}` },
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`auth-sim: GET ${DEFAULT_ADMIN_PREFIX}/report answered ${response.status}: ${text}`);
    const report = JSON.parse(text) as JudgedReport;
    return this.scenariosDir === undefined ? report : withHostPaths(report, SCENARIOS, this.scenariosDir);
  }

  /** Resolves with the report when its verdict passes; rejects with an Error listing every failure. */
  async verify(): Promise<JudgedReport> {
    return verifyReport(await this.report());
  }

  /** Opens a session: `s.token('flaky')` for the chat server under test, `s.verify()` for this test's verdict. */
  session(options?: SessionOptions): Promise<SimulatorSession> {
    return this.remote().session(options);
  }

  /** Resolves with the token's report entry once it has had `calls` requests; rejects at the time-out. */
  waitFor(target: WaitTarget, options?: WaitOptions): Promise<TokenReport> {
    return this.remote().waitFor(target, options);
  }

  /** Resolves once no protocol request has arrived for `quiet`; rejects at the time-out. */
  waitForQuiet(quiet: Duration, options?: WaitOptions): Promise<void> {
    return this.remote().waitForQuiet(quiet, options);
  }

  private remote() {
    return remoteSimulator(this.getUrl(), new AdminClient(this.getAdminUrl(), this.adminToken));
  }
}
