import { Option } from 'commander';
import { DEFAULT_REPORT_TOKENS } from '../caller-report/memory-report-store';
import type { SimulatorOptions } from '../server/simulator-options';
import { wholeNumberParser } from './toolbox-flags';
import { DEFAULT_ADMIN_PREFIX } from '../protocol/endpoints';

/** The serve flags of the caller report. */
export interface ReportFlags {
  /** true: print the summary at the end; false: keep no report; undefined: keep it, print it only if something is expected. */
  report?: boolean;
  reportTokens: number;
  expectNoUnknown?: boolean;
  expectAllUsed?: boolean;
}

/** The options, in help order. */
export const REPORT_OPTIONS: readonly Option[] = [
  new Option(
    '--report',
    `print the caller report (GET ${DEFAULT_ADMIN_PREFIX}/report) when stopped, even with no expect: written`,
  ),
  new Option('--no-report', 'keep no caller report (it is kept by default, journal or not)'),
  new Option('--report-tokens <number>', 'tokens the caller report tracks one by one; the rest are counted together')
    .default(DEFAULT_REPORT_TOKENS)
    .argParser(wholeNumberParser(1, 10_000_000, (v) => `--report-tokens must be a whole number from 1, got "${v}"`)),
  new Option(
    '--expect-no-unknown',
    'the verdict fails on any request for a token no entry names (expect: { unknownTokens: 0 })',
  ),
  new Option(
    '--expect-all-used',
    'the verdict fails when a written token is never requested (expect: { unusedTokens: fail })',
  ),
];

/** The simulator options these flags set. */
export function reportSettings(
  flags: ReportFlags,
): Pick<SimulatorOptions, 'report' | 'reportTokens' | 'expectNoUnknown' | 'expectAllUsed'> {
  return {
    report: flags.report !== false,
    reportTokens: flags.reportTokens,
    expectNoUnknown: flags.expectNoUnknown === true,
    expectAllUsed: flags.expectAllUsed === true,
  };
}
