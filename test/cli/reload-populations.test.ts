import { rmSync } from 'node:fs';
import { startCli } from '../helpers/spawn-cli';
import { makeTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const ALICE =
  'tokens:\n  alice:\n    client: { id: "1", name: A, surname: A, firstname: A, type: "1", enabled: true }\n';
const POPULATION = 'generate:\n  - tokens: "qa-corp-{n}"\n    count: 2000\n    seed: 1\n';

test('the reload line counts populations that come and go', async () => {
  const dir = makeTempDir();
  dir.write('a.yaml', ALICE);
  const cli = await startCli(['-s', '.', '-p', '0'], { cwd: dir.path });
  try {
    const file = dir.write('qa.yaml', POPULATION);
    const added = await waitFor(() => /^auth-sim: reload \(.*\): .*$/m.exec(cli.stdout())?.[0], {
      what: 'a reload line',
    });
    expect(added).toMatch(
      /^auth-sim: reload \(.*qa\.yaml\): 2 files, 2,?001 tokens; no named token changed; \+population qa-corp-\{n\} \(2,000\); \d+(\.\d)? ms$/,
    );
    rmSync(file);
    const removed = await waitFor(() => /-population .*$/m.exec(cli.stdout())?.[0], { what: 'a second reload line' });
    expect(removed).toMatch(/^-population qa-corp-\{n\} \(2,000\); \d+(\.\d)? ms$/);
  } finally {
    await cli.stop();
    dir.remove();
  }
});
