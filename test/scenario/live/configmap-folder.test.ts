import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli, startCli, type CliProcess } from '../../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../../helpers/temp-dir';
import { waitFor } from '../../helpers/wait-for';

/** A card entry answering `errorText` for `token`, so each version of the ConfigMap is told apart. */
function scenario(token: string, text: string): string {
  return `tokens:\n  ${token}:\n    status: 403\n    errorCode: BLOCKED\n    errorText: ${text}\n`;
}

let dir: TempDir;
let cli: CliProcess | undefined;

beforeEach(() => (dir = makeTempDir()));

afterEach(async () => {
  await cli?.stop();
  cli = undefined;
  dir.remove();
});

/**
 * The layout kubelet gives a mounted ConfigMap: the files in a timestamped hidden folder, a
 * `..data` link to it, and each visible name a link through `..data`.
 */
function mountConfigMap(folder: string, files: Record<string, string>): void {
  mkdirSync(path.join(folder, '..2026_11_27_01_00_00.1'), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(folder, '..2026_11_27_01_00_00.1', name), text);
    symlinkSync(path.join('..data', name), path.join(folder, name));
  }
  symlinkSync('..2026_11_27_01_00_00.1', path.join(folder, '..data'));
}

/** kubelet's update: the new version's folder, a `..data_tmp` link renamed over `..data`, the old folder removed. */
function updateConfigMap(folder: string, files: Record<string, string>): void {
  const next = '..2026_11_27_02_00_00.2';
  mkdirSync(path.join(folder, next));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, next, name), text);
  symlinkSync(next, path.join(folder, '..data_tmp'));
  renameSync(path.join(folder, '..data_tmp'), path.join(folder, '..data'));
  rmSync(path.join(folder, '..2026_11_27_01_00_00.1'), { recursive: true });
}

async function errorText(url: string, token: string): Promise<string> {
  const res = await fetch(`${url}/rest/chat/client/id/${token}`);
  return `${res.status} ${((await res.json()) as { errorText?: string }).errorText}`;
}

describe('a scenario folder mounted from a Kubernetes ConfigMap', () => {
  it('is read through its links by validate', () => {
    const folder = path.join(dir.path, 'cm');
    mkdirSync(folder);
    mountConfigMap(folder, { 'retail.yaml': scenario('alice', 'one'), 'corp.yaml': scenario('bob', 'one') });
    const run = runCli(['validate', folder]);
    expect([run.status, run.stdout, run.stderr]).toEqual([0, 'auth-sim: 2 file(s), 2 token(s): valid\n', '']);
  });

  it('is reloaded once when kubelet swaps ..data, and serves the new version', async () => {
    const folder = path.join(dir.path, 'cm');
    mkdirSync(folder);
    mountConfigMap(folder, { 'retail.yaml': scenario('alice', 'one') });
    cli = await startCli(['--scenarios', folder, '--port', '0']);
    expect(cli.stdout()).toContain(`loaded 1 file(s), 1 token(s) from ${folder}`);
    expect(await errorText(cli.url, 'alice')).toBe('403 one');
    updateConfigMap(folder, { 'retail.yaml': scenario('alice', 'two') });
    const line = await waitFor(
      () =>
        cli!
          .stdout()
          .split('\n')
          .find((l) => l.includes('reload (')),
      {
        what: 'the reload line',
      },
    );
    expect(line).toMatch(
      /^auth-sim: reload \([^)]*\.\.data[^)]*\): 1 file, 1 token; added 0, removed 0, changed 1 \(~alice\); \d+(\.\d)? ms$/,
    );
    expect(await errorText(cli.url, 'alice')).toBe('403 two');
    // Nothing else changes: a further reload would be a second line.
    await waitFor(() => cli!.stdout().includes('reload ('));
    expect(cli.stdout().match(/reload \(/g)).toHaveLength(1);
  });

  it('still refuses link loops, reading the files beside them', () => {
    const folder = path.join(dir.path, 'loops');
    mkdirSync(path.join(folder, 'sub'), { recursive: true });
    writeFileSync(path.join(folder, 'sub', 'a.yaml'), scenario('alice', 'one'));
    symlinkSync('..', path.join(folder, 'sub', 'up'));
    symlinkSync('.', path.join(folder, 'dot'));
    symlinkSync('y.yaml', path.join(folder, 'x.yaml'));
    symlinkSync('x.yaml', path.join(folder, 'y.yaml'));
    const run = runCli(['validate', folder]);
    expect([run.status, run.stdout, run.stderr]).toEqual([0, 'auth-sim: 1 file(s), 1 token(s): valid\n', '']);
  });

  it('says why when every file of a folder was skipped', () => {
    const folder = path.join(dir.path, 'skipped');
    mkdirSync(folder);
    writeFileSync(path.join(folder, '.hidden.yaml'), scenario('alice', 'one'));
    writeFileSync(path.join(folder, 'notes.txt'), 'not a scenario');
    symlinkSync('gone.yaml', path.join(folder, 'broken.yaml'));
    symlinkSync('.', path.join(folder, 'self'));
    const run = runCli(['validate', folder], { cwd: dir.path });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `auth-sim: ${folder}:1:1 ${folder} holds no scenario file (.yaml, .yml or .json) (skipped: skipped/.hidden.yaml: hidden; skipped/broken.yaml: a link to nothing; skipped/notes.txt: not .yaml, .yml or .json; skipped/self: a link loop (to a folder it is inside)): nothing to validate\nauth-sim: 1 error(s) in 0 file(s)\n`,
    );
  });
});
