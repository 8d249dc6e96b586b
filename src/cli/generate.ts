import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { editorModeline } from '../scenario/schema/editor-schema';
import { DEFAULT_WIRE_OPTIONS } from '../protocol/wire-encode';
import { parseScenarioFile } from '../scenario/schema/parse-scenario-file';
import { compilePopulations } from '../synth/compile-populations';
import type { PopulationFormat } from '../synth/population-writer';
import { SYNTH_DEFAULTS } from '../scenario/schema/generate-knobs';
import { toPopulationSpec, type PopulationSpec } from '../synth/population-spec';
import { createLogger, type Logger } from './logger';
import type * as PopulationWriterModule from '../synth/population-writer';

interface GenerateFlags {
  readonly [flag: string]: string | boolean | undefined;
}

/** Flags named after their `generate:` item key; the item is then checked by the scenario schema itself. */
const KNOB_FLAGS: readonly (readonly [key: string, help: string])[] = [
  ['tokens', 'token template with {n}; n runs 1..count (default "synth-{n}")'],
  ['count', 'how many tokens (default 1000)'],
  ['seed', `the seed (default ${SYNTH_DEFAULTS.seed})`],
  ['locale', `faker locale (default ${SYNTH_DEFAULTS.locale})`],
  ['type', `share of legal entities, 0..1 (default ${SYNTH_DEFAULTS.type})`],
  ['disabled', `share of disabled clients (default ${SYNTH_DEFAULTS.disabled})`],
  ['companies', `companies per legal entity, "lo..hi" (default ${SYNTH_DEFAULTS.companies})`],
  ['entrepreneurs', `share of individuals with a sole proprietorship (default ${SYNTH_DEFAULTS.entrepreneurs})`],
  ['branches', `distinct bank branches (default ${SYNTH_DEFAULTS.branches})`],
  ['fill', `share of optional fields filled, "lo..hi" (default ${SYNTH_DEFAULTS.fill})`],
  ['errors', `share of tokens answering 404 CLIENT_NOT_FOUND (default ${SYNTH_DEFAULTS.errors})`],
  ['protocol', 'protocol version of every card (default: the latest)'],
  ['wire', 'wire style: strings or typed'],
  ['crm', `CRM URL template with {id} (default ${SYNTH_DEFAULTS.crm})`],
  ['firstId', `client id of n = 1 (default ${SYNTH_DEFAULTS.firstId})`],
];

/** Flag name -> key under the item's `groups:`. */
const GROUP_FLAGS = [
  ['groupTrees', 'trees', `group trees (default ${SYNTH_DEFAULTS.groups.trees})`],
  ['groupDepth', 'depth', `levels per group tree (default ${SYNTH_DEFAULTS.groups.depth})`],
  ['groupsPerClient', 'perClient', `groups per client, "lo..hi" (default ${SYNTH_DEFAULTS.groups.perClient})`],
] as const;

/** Progress shows only on a terminal, and only when there is enough to wait for. */
const PROGRESS_FROM = 10_000;

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const numeric = (value: string): string | number =>
  value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;

/** `auth-sim generate`: writes a synthetic population out as an ordinary scenario file (or JSON lines). */
export function registerGenerate(program: Command): void {
  const command = program
    .command('generate')
    .description('write a synthetic population as a scenario file you can edit (YAML; --jsonl for JSON lines)')
    .option('-o, --out <file>', 'write here instead of stdout')
    .option('--jsonl', 'one {"token","entry"} JSON object per line instead of YAML (for other tools; serve reads YAML)')
    .option('--deprecated', 'also fill the deprecated crmURL and fields');
  for (const [flag, help] of KNOB_FLAGS) command.option(`--${kebab(flag)} <value>`, help);
  for (const [flag, , help] of GROUP_FLAGS) command.option(`--${kebab(flag)} <value>`, help);
  command
    .addHelpText(
      'after',
      '\nExamples:\n  $ auth-sim generate --count 1000 --seed 42 --out scenarios/generated.yaml\n  $ auth-sim generate --count 100000 --tokens "load-{n}" --type 0.5 --jsonl > tokens.jsonl',
    )
    .action(async (flags: GenerateFlags) => {
      const logger = createLogger({ out: process.stderr });
      const spec = specFromFlags(flags, logger);
      if (!spec) {
        process.exitCode = 1;
        return;
      }
      await writePopulation(spec, flags, logger);
    });
}

/** The `generate:` item the flags describe, checked by the same schema and rules as a scenario file's. */
function specFromFlags(flags: GenerateFlags, logger: Logger): PopulationSpec | undefined {
  const item: Record<string, unknown> = { tokens: 'synth-{n}', count: 1000 };
  for (const [key] of KNOB_FLAGS)
    if (typeof flags[key] === 'string')
      item[key] = key === 'tokens' || key === 'locale' ? flags[key] : numeric(flags[key]);
  const groups = Object.fromEntries(
    GROUP_FLAGS.filter(([flag]) => typeof flags[flag] === 'string').map(([flag, key]) => [
      key,
      numeric(flags[flag] as string),
    ]),
  );
  if (Object.keys(groups).length > 0) item.groups = groups;
  if (flags.deprecated === true) item.deprecated = true;
  const parsed = parseScenarioFile('(options)', JSON.stringify({ generate: [item] }));
  const problems =
    parsed.problems.length > 0
      ? parsed.problems
      : compilePopulations([parsed], DEFAULT_WIRE_OPTIONS, () => ({})).problems;
  for (const problem of problems)
    logger.error(
      problem.message.replace(/generate\[0\]\.(groups\.)?(\w+)/, (_m, _g, key: string) => `--${kebab(flagOf(key))}`),
    );
  if (problems.length > 0) return undefined;
  return toPopulationSpec(item) as PopulationSpec;
}

function flagOf(key: string): string {
  return GROUP_FLAGS.find(([, k]) => k === key)?.[0] ?? key;
}

/** A progress bar on stderr for a long run at a terminal; none otherwise. */
function progressBar(count: number): SingleBar | undefined {
  if (!process.stderr.isTTY || count < PROGRESS_FROM) return undefined;
  // Required here, not imported: every start of the CLI would pay ~7 ms to load cli-progress.

  const { Format, Presets, SingleBar } = require('cli-progress') as typeof import('cli-progress');
  // cli-progress gives its ETA as "INF" or "NULL" until it has a rate, which its own formatter
  // turned into "NFs left"; those read as "--" instead.
  const formatTime = (seconds: unknown, options: object, roundTo: number) =>
    typeof seconds === 'number' && Number.isFinite(seconds) ? Format.TimeFormat(seconds, options, roundTo) : '--';
  return new SingleBar(
    {
      stream: process.stderr,
      format: 'generating [{bar}] {percentage}% {value}/{total} tokens, {eta_formatted} left',
      formatTime,
      hideCursor: true,
    },
    Presets.shades_classic,
  );
}

/** Streams the population to --out or stdout, waiting for the stream whenever it is full. */
async function writePopulation(spec: PopulationSpec, flags: GenerateFlags, logger: Logger): Promise<void> {
  const file = typeof flags.out === 'string' ? flags.out : undefined;
  const out = file !== undefined ? createWriteStream(file) : process.stdout;
  let failed: Error | undefined;
  out.on('error', (error: Error) => (failed ??= error));
  const bar = progressBar(spec.count);
  bar?.start(spec.count, 0);
  const format: PopulationFormat = flags.jsonl === true ? 'jsonl' : 'yaml';
  const header = `${editorModeline(file)}\nGenerated by auth-sim generate: ${spec.count} tokens "${spec.tokens}", seed ${spec.seed}, locale ${spec.locale}.`;
  let written = -1;
  // Required here, not imported: the card generator behind it is ~8 ms that `serve` should not pay.

  const { populationChunks } = require('../synth/population-writer') as typeof PopulationWriterModule;
  for (const chunk of populationChunks(spec, format, header)) {
    if (failed) break;
    // A failed stream ends the wait too (once() rejects on 'error'); the 'error' handler records why.
    if (!out.write(chunk)) await once(out, 'drain').catch(() => undefined);
    written += 1;
    if (bar && written % 1000 === 0) bar.update(written);
  }
  bar?.update(spec.count);
  bar?.stop();
  if (out !== process.stdout) {
    out.end();
    if (!failed) await once(out, 'finish').catch(() => undefined);
  }
  if (failed && (failed as NodeJS.ErrnoException).code !== 'EPIPE') {
    logger.error(`cannot write ${file ?? 'to stdout'}: ${failed.message}`);
    process.exitCode = 1;
  } else if (file !== undefined) logger.info(`wrote ${spec.count} token(s) to ${file}`);
}
