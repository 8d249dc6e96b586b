import { Router } from 'express';
import type { ControlParts } from './control-parts';
import { openCallerReport } from './read-caller-report';
import { AdminError } from './admin-error';
import { junitPieces } from '../../caller-report/format-junit';
import { markdownPieces } from '../../caller-report/format-markdown';
import { jsonPieces } from '../../caller-report/format-json';
import { formatHtml, HTML_REPORT_CSP } from '../../caller-report/format-html';
import { chunked } from '../../caller-report/chunk-text';
import { CALLER_REPORT_FORMATS, type CallerReportFormat } from '../../caller-report/report-formats';
import { wholeReport, type ReportReading } from '../../caller-report/report-reading';
import { sendChunks } from './send-chunks';

/** Each form's headers and its text, a piece at a time. */
const FORMS: Readonly<
  Record<CallerReportFormat, { headers: Record<string, string>; pieces: (r: ReportReading) => Iterable<string> }>
> = {
  json: { headers: { 'content-type': 'application/json; charset=utf-8' }, pieces: jsonPieces },
  junit: { headers: { 'content-type': 'application/xml; charset=utf-8' }, pieces: (r) => junitPieces(r.summary) },
  markdown: { headers: { 'content-type': 'text/markdown; charset=utf-8' }, pieces: markdownPieces },
  // The page is built whole (formatHtml takes a whole report), then sent in chunks like the others.
  html: {
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': HTML_REPORT_CSP },
    pieces: (r) => [formatHtml(wholeReport(r))],
  },
};

/**
 * `GET /report`: the caller report, how the chat server behaved judged from its own traffic, with
 * its verdict; `?format=junit` as JUnit XML, `?format=markdown` as a CI summary,
 * `?format=html` as one self-contained page (the Caller view, no script, nothing fetched).
 * Written in chunks between turns of the event loop (sendChunks), each token built when reached.
 */
export function reportRoutes(parts: ControlParts): Router {
  const router = Router();
  router.get('/report', async (req, res) => {
    const format = req.query.format ?? 'json';
    if (typeof format !== 'string' || !(CALLER_REPORT_FORMATS as readonly string[]).includes(format))
      throw new AdminError(
        400,
        `format must be one of ${CALLER_REPORT_FORMATS.join(', ')}; got ${JSON.stringify(format)}`,
      );
    const reading = await openCallerReport(parts);
    if (reading === null)
      throw new AdminError(
        404,
        `${req.method} ${req.originalUrl}: the caller report is off (started with --no-report)`,
      );
    const form = FORMS[format as CallerReportFormat];
    res.set(form.headers);
    await sendChunks(res, chunked(form.pieces(reading)));
  });
  return router;
}
