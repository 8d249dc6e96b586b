import { chmodSync } from 'node:fs';
// As a user writes it: the package's subpath entry (mapped to src/ by jest.config.js).
import { AuthSimContainer, type StartedAuthSimContainer } from 'auth-sim/testcontainers';
import { buildImage, dockerMissing, IMAGE } from '../helpers/docker-engine';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

// The reaper's image cannot be pulled here; the module must not need it.
process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';

const missing = dockerMissing();
if (missing) console.log(`skipped: ${missing}`);
const describeWithDocker = missing ? describe.skip : describe;

describeWithDocker('AuthSimContainer', () => {
  let dir: TempDir;
  let sim: StartedAuthSimContainer | undefined;

  beforeAll(async () => {
    buildImage();
    // mkdtemp makes 0700 folders; the image's node user (uid 1000) reads them as others do.
    dir = makeTempDir('auth-sim-testcontainers-');
    chmodSync(dir.path, 0o755);
    dir.write(
      'people.yaml',
      'tokens:\n  alice:\n    client: { id: "100500", name: Alisa, firstname: Alisa, surname: Ivanova, type: "0", enabled: true }\n    expect: { calls: 2 }\n',
    );
    sim = await new AuthSimContainer(IMAGE).withScenarios(dir.path).withServeArgs('--seed', '7').start();
  }, 900_000);

  // stop() removes the container too, whose vfs layer is slow to delete beside the other container suites.
  afterAll(async () => {
    await sim?.stop();
    dir?.remove();
  }, 310_000);

  test('serves the mounted folder on getUrl(), and report()/verify() judge the calls', async () => {
    const alice = async () => (await fetch(`${sim!.getUrl()}/rest/chat/client/id/alice`)).json();
    expect(await alice()).toEqual({
      client: { id: '100500', name: 'Alisa', firstname: 'Alisa', surname: 'Ivanova', type: '0', enabled: 'true' },
    });
    await expect(sim!.verify()).rejects.toThrow(
      /^auth-sim: the caller report fails:\n {2}(.*)people\.yaml:\d+:\d+ token "alice": calls expected 2, seen 1$/m,
    );
    // The file the user wrote, on the host, not the container's /scenarios/people.yaml.
    await expect(sim!.verify()).rejects.toThrow(`\n  ${dir.path}/people.yaml:`);
    await alice();
    const report = await sim!.verify();
    expect(report.verdict).toBe('pass');
    expect(report.tokens.alice.calls).toBe(2);
  }, 60_000);

  test('getAdminUrl() needs the admin token it was given, except for health', async () => {
    expect((await fetch(`${sim!.getAdminUrl()}/health`)).status).toBe(200);
    const scenarios = await fetch(`${sim!.getAdminUrl()}/scenarios`, {
      headers: { authorization: `Bearer ${sim!.getAdminToken()}` },
    });
    expect(scenarios.status).toBe(200);
  });

  test('a save in the mounted folder reloads it', async () => {
    dir.write('people.yaml', 'tokens:\n  alice: { status: 401, errorCode: TOKEN_EXPIRED, errorText: gone }\n');
    await waitFor(async () => (await fetch(`${sim!.getUrl()}/rest/chat/client/id/alice`)).status === 401, {
      timeoutMs: 20_000,
      what: 'the reload',
    });
  }, 30_000);
});
