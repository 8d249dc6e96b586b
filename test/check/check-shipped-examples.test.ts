import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { DEFAULT_SCENARIOS } from '../../src/cli/default-scenarios';
import { runSimulator, type Simulator } from '../../src/server/run-simulator';
import { runCliAsync, type CliRun } from '../helpers/run-cli-async';

/** Every token of the shipped example files (not the toolbox: its faults break the protocol on purpose). */
function shippedTokens(): string[] {
  return readdirSync(DEFAULT_SCENARIOS)
    .filter((name) => name.endsWith('.yaml'))
    .flatMap((name) =>
      Object.keys(
        (parse(readFileSync(path.join(DEFAULT_SCENARIOS, name), 'utf8')) as { tokens?: object }).tokens ?? {},
      ),
    );
}

let sim: Simulator;
const tokens = [...shippedTokens(), 'demo-1', 'demo-10000', 'corp-demo-1', 'corp-demo-2', 'latency-typical'];
let all: CliRun;
let typed: CliRun;
let legacy: CliRun;
let typedAsStrings: CliRun;

beforeAll(async () => {
  sim = await runSimulator({ sources: { paths: [DEFAULT_SCENARIOS] }, port: 0, watch: false, seed: 1 });
  // The checks run side by side: the first waits out the slow example (2.5 s, GET then POST).
  // A 20 s time-out, not the default 5 s: crm-timeout's 3 s delay ran past 5 s on a loaded CI machine.
  const check = (...args: string[]) => runCliAsync(['check', sim.url, ...args, '--timeout', '20s']);
  [all, typed, legacy, typedAsStrings] = await Promise.all([
    check(...tokens.flatMap((t) => ['--token', t]), '--unknown-token', 'nobody'),
    check('--token', 'typed-card', '--wire', 'typed'),
    check('--token', 'legacy-1-0', '--protocol', '1.0'),
    check('--token', 'typed-card'),
  ]);
});

afterAll(() => sim.close(1000));

/**
 * Every line of a run but a request's status line and the summary: findings in the body, and those
 * about the answer as a whole (`odd-type POST: request failed: ...`), so a failed request shows its
 * reason where a test expects none.
 */
function findings(run: CliRun): string[] {
  return run.stdout
    .trimEnd()
    .split('\n')
    .filter((l) => / (GET|POST)(:| [^0-9])/.test(l) && !/ (GET|POST) \d{3} /.test(l));
}

describe('auth-sim check against a real auth-sim', () => {
  it('passes every shipped example token, synthetic ones included, with only the warnings the examples mean to show', () => {
    expect(tokens).toEqual(expect.arrayContaining(['alice', 'bob-corp', 'expired', 'crm-down', 'full']));
    const run = all;
    const lines = run.stdout.trimEnd().split('\n');
    expect(findings(run)).toEqual([
      'full GET client.crmURL: warning: deprecated; use actionList instead',
      'full GET client.fields: warning: deprecated; use fieldList instead',
      'odd-type GET client.type: warning: "2" is not a declared value ("0" or "1")',
    ]);
    expect(lines).toContainEqual(expect.stringMatching(/^nobody GET 404 application\/json; charset=utf-8 \d+ ms$/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^slow POST 200 application\/json; charset=utf-8 (2[5-9]\d\d|[3-9]\d\d\d) ms$/),
    );
    expect(lines.at(-1)).toBe(
      `${tokens.length + 1} token(s), ${2 * (tokens.length + 1)} request(s): 0 error(s), 3 warning(s)`,
    );
    expect(run.status).toBe(0);
  });

  it('passes the toolbox cards served typed or as protocol 1.0 when told to expect them so', () => {
    // First, so that an error names itself (a fresh-clone CI run saw "1 error(s)" here and no more).
    expect([findings(typed), findings(legacy)]).toEqual([[], []]);
    expect(typed.stdout.trimEnd().split('\n').at(-1)).toBe('2 token(s), 4 request(s): 0 error(s), 0 warning(s)');
    expect(legacy.stdout.trimEnd().split('\n').at(-1)).toBe('2 token(s), 4 request(s): 0 error(s), 0 warning(s)');
    expect([typed.status, legacy.status]).toEqual([0, 0]);
  });

  it('fails a typed card held to the default strings style, naming each JSON boolean and number', () => {
    const run = typedAsStrings;
    expect(run.stdout).toContain(
      'typed-card GET client.enabled: must be "true" or "false"; got false (a JSON boolean)\n',
    );
    expect(run.stdout).toContain('typed-card GET companyList[0].id: must be a JSON string; got 12 (a JSON number)\n');
    expect(run.status).toBe(1);
  });
});
