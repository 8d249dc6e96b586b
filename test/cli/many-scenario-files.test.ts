import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLI, runCli, startCli, type CliProcess } from '../helpers/spawn-cli';
import { makeTempDir, type TempDir } from '../helpers/temp-dir';

/**
 * Far more files than file descriptors: opened all at once, they fail with EMFILE (a folder of
 * 1,000 already does under this limit; 25,000, the folder that first failed, costs ~8 s more CPU
 * and proves nothing more).
 */
const FILES = 5_000;
const FD_LIMIT = 512;
/** The CLI through bash with the limit lowered first (exec keeps the pid). */
const UNDER_FD_LIMIT = ['bash', '-c', `ulimit -n ${FD_LIMIT} && exec "$@"`, 'bash', process.execPath, CLI];

let dir: TempDir;
let scenarios: string;
let cli: CliProcess | undefined;

beforeAll(() => {
  dir = makeTempDir();
  scenarios = path.dirname(dir.write('scenarios/f0.yaml', entry(0)));
  for (let i = 1; i < FILES; i++) writeFileSync(path.join(scenarios, `f${i}.yaml`), entry(i));
});

afterAll(async () => {
  await cli?.stop();
  dir.remove();
});

function entry(i: number): string {
  return `tokens:\n  tok${i}: { status: 401, errorCode: E${i} }\n`;
}

describe(`a folder of ${FILES.toLocaleString('en-US')} scenario files under ulimit -n ${FD_LIMIT}`, () => {
  jest.setTimeout(120_000);

  it('validates', () => {
    const run = runCli(['validate', scenarios], { command: UNDER_FD_LIMIT });
    expect([run.status, run.stdout, run.stderr]).toEqual([
      0,
      `auth-sim: ${FILES} file(s), ${FILES} token(s): valid\n`,
      '',
    ]);
  });

  it('is served, every file read, with the lowered limit in force', async () => {
    cli = await startCli(['serve', '--scenarios', scenarios, '--port', '0'], {
      command: UNDER_FD_LIMIT,
      timeoutMs: 60_000,
    });
    expect(readFileSync(`/proc/${cli.child.pid}/limits`, 'utf8')).toMatch(
      new RegExp(`Max open files\\s+${FD_LIMIT}\\s+${FD_LIMIT}\\s`),
    );
    const last = await fetch(`${cli.url}/rest/chat/client/id/tok${FILES - 1}`);
    expect([last.status, await last.text()]).toEqual([401, `{"errorCode":"E${FILES - 1}"}`]);
    expect(cli.stderr()).toBe('');
  });
});
