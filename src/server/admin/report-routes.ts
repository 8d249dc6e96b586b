import { Router } from 'express';
import type { ControlParts } from './control-parts';
import { readCallerReport } from './read-caller-report';
import { AdminError } from './admin-error';
import { formatJunit } from '../../caller-report/format-junit';
import { formatMarkdown } from '../../caller-report/format-markdown';
import { formatHtml, HTML_REPORT_CSP } from '../../caller-report/format-html';
import { CALLER_REPORT_FORMATS } from '../../caller-report/report-formats';

/**
 * `GET /report`: the caller report, how the chat server behaved judged from its own traffic, with
 * its verdict; `?format=junit` as JUnit XML, `?format=markdown` as a CI summary,
 * `?format=html` as one self-contained page (the Caller view, no script, nothing fetched).
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
    const report = await readCallerReport(parts);
    if (report === null)
      throw new AdminError(
        404,
        `${req.method} ${req.originalUrl}: the caller report is off (started with --no-report)`,
      );
    if (format === 'junit') res.type('application/xml; charset=utf-8').send(formatJunit(report));
    else if (format === 'markdown') res.type('text/markdown; charset=utf-8').send(formatMarkdown(report));
    else if (format === 'html')
      res.type('text/html; charset=utf-8').set('content-security-policy', HTML_REPORT_CSP).send(formatHtml(report));
    else res.json(report);
  });
  return router;
}
