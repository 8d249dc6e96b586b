import { extname } from 'node:path';
import { formatJunit } from '../caller-report/format-junit';
import { formatMarkdown } from '../caller-report/format-markdown';
import { formatHtml } from '../caller-report/format-html';
import type { JudgedReport } from '../caller-report/judge-report';
import {
  formatNotRunHtml,
  formatNotRunJson,
  formatNotRunJunit,
  formatNotRunMarkdown,
  type NotRun,
} from './not-run-report';
import { writeFileAtomically } from './write-file-atomically';
import type { Logger } from './logger';

/** The two forms of each report file kind: the verdict's, and that of a run that never ran. */
interface FileKind {
  readonly verdict: (report: JudgedReport) => string;
  readonly notRun: (notRun: NotRun) => string;
}

/** `run --report-file`'s forms, by the file's extension. */
const REPORT_FILE_KINDS: Readonly<Record<string, FileKind>> = {
  '.xml': { verdict: formatJunit, notRun: formatNotRunJunit },
  '.json': { verdict: (report) => `${JSON.stringify(report, null, 2)}\n`, notRun: formatNotRunJson },
  '.md': { verdict: formatMarkdown, notRun: formatNotRunMarkdown },
  '.html': { verdict: formatHtml, notRun: formatNotRunHtml },
};

/** Whether `--report-file` names a kind of file run writes (.xml, .json, .md, .html). */
export function isReportFileKind(file: string): boolean {
  return Object.hasOwn(REPORT_FILE_KINDS, extname(file));
}

/**
 * Formats and writes the report file (its folders made, atomically); false after saying why
 * when it cannot be written, whatever the cause: a read-only place, a full disk, a formatter that throws.
 */
export function writeReportFile(
  file: string,
  content: { readonly report: JudgedReport } | { readonly notRun: NotRun },
  logger: Logger,
): boolean {
  try {
    const kind = REPORT_FILE_KINDS[extname(file)];
    writeFileAtomically(file, 'report' in content ? kind.verdict(content.report) : kind.notRun(content.notRun));
    return true;
  } catch (error) {
    logger.error(`cannot write the report file ${file}: ${(error as Error).message}`);
    return false;
  }
}
