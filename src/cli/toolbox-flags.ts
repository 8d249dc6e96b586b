import { InvalidArgumentError, Option } from 'commander';
import { yaml } from '../scenario/base/yaml-library';
import { MODULES, isModuleName, type ModuleName } from '../protocol/modules';
import { LATEST_VERSION, PROTOCOL_VERSIONS, type ProtocolVersion } from '../protocol/versions';
import { WIRE_STYLES, type WireStyle } from '../protocol/wire-encode';
import { toDelayShape } from '../scenario/base/delay-shape';
import { overlongDurations } from '../scenario/schema/timer-limit';
import { didYouMean } from '../scenario/base/suggest';
import type { SimulatorOptions } from '../server/run-simulator';

/** The serve flags that shape every answer: protocol version, modules, wire style, delay, seed. */
export interface ToolboxFlags {
  protocol?: ProtocolVersion;
  modules?: ModuleName[];
  wire?: WireStyle;
  delay?: unknown;
  seed?: number;
}

/** --seed: a whole number from 0 to 4294967295. */
export const parseSeed = wholeNumberParser(0, 0xffffffff, () => 'the seed must be a whole number from 0 to 4294967295');

/** The options, in help order; serve.ts adds each to its command. */
export const TOOLBOX_OPTIONS: readonly Option[] = [
  new Option(
    '--protocol <version>',
    `serve as this protocol version unless a file or token says otherwise (default: ${LATEST_VERSION})`,
  ).choices(PROTOCOL_VERSIONS),
  new Option(
    '--modules <list>',
    `installed modules, comma-separated, or "none" (default: all: ${MODULES.join(',')})`,
  ).argParser(parseModules),
  new Option('--wire <style>', 'scalar style unless a file or token says otherwise (default: strings)').choices(
    WIRE_STYLES,
  ),
  new Option(
    '--delay <delay>',
    'delay of every entry that names none: "250ms", "{ uniform: [100ms, 2s] }", "{ lognormal: { median: 200ms, sigma: 0.5 } }"',
  ).argParser(parseDelay),
  new Option(
    '--seed <number>',
    'seed of chance and random delays, to replay a run (default: random, printed at start)',
  ).argParser(parseSeed),
];

/** The simulator options these flags set; `wire` always, with serve's defaults (latest version, every module, strings). */
export function toolboxSettings(
  flags: ToolboxFlags,
): Required<Pick<SimulatorOptions, 'wire'>> & Pick<SimulatorOptions, 'delay' | 'seed'> {
  return {
    wire: {
      version: flags.protocol ?? LATEST_VERSION,
      modules: flags.modules ?? MODULES,
      wire: flags.wire ?? WIRE_STYLES[0],
    },
    ...(flags.delay !== undefined ? { delay: flags.delay } : {}),
    ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
  };
}

/** `retail,corporate` or `none`; every name checked, with a suggestion for a misspelt one. */
export function parseModules(value: string): ModuleName[] {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length === 1 && names[0] === 'none') return [];
  for (const name of names) {
    if (!isModuleName(name))
      throw new InvalidArgumentError(
        `"${name}" is not a module (${MODULES.join(', ')}, or none)${didYouMean(name, MODULES)}`,
      );
  }
  return [...new Set(names as ModuleName[])];
}

/** A delay written as in YAML: `250ms`, `{ uniform: [100ms, 2s] }`, `{ lognormal: { median: 200ms } }`. */
function parseDelay(value: string): unknown {
  let written: unknown;
  try {
    written = yaml().parse(value);
  } catch {
    written = undefined;
  }
  if (written === null || written === undefined || toDelayShape(written) === undefined) {
    throw new InvalidArgumentError(
      'write a duration ("250ms", "2s") or a shape: "{ uniform: [100ms, 2s] }", "{ lognormal: { median: 200ms, sigma: 0.5 } }"',
    );
  }
  const [overlong] = overlongDurations({ delay: written }, []);
  if (overlong) throw new InvalidArgumentError(overlong.message);
  return written;
}

/** A parser of a flag's whole number (digits only) from `min` to `max`; `refusal` words the message. */
export function wholeNumberParser(
  min: number,
  max: number,
  refusal: (value: string) => string,
): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) throw new InvalidArgumentError(refusal(value));
    return n;
  };
}
