import { createCB } from 'xmlbuilder2';
import { describeResult, type JudgedReport, type JudgedSummary } from './judge-report';
import { escapeControls } from '../scenario/base/escape-controls';

/** `file:line:col` as an expectation's `where` gives it; a flag or `default` is not a place. */
const PLACE = /^(.*):(\d+):\d+$/;

/**
 * The verdict as JUnit XML (the Ant schema CI systems read): one test case per expectation, and
 * one each for unknown and unused tokens, each with `time` (0: judging takes none; the suite's is
 * the report's span) and, when written in a file, `file` and `line`; a failure carries its
 * readable line, file:line:col first, and a warning goes to system-out.
 */
export function formatJunit(report: JudgedReport, now = Date.now()): string {
  return [...junitPieces(report, now)].join('');
}

/**
 * formatJunit a test case at a time: xmlbuilder2's callback builder writes and escapes the markup
 * as it goes, where its document builder held every node (3 GB for 50,000 test cases). The
 * characters XML 1.0 cannot hold at all (controls, U+FFFF, lone surrogates), which a caller's
 * token or a file name may carry, are written as `\uXXXX` first.
 */
export function* junitPieces(report: JudgedSummary, now = Date.now()): Generator<string> {
  let out = '';
  const xml = createCB({ data: (text: string) => (out += text), prettyPrint: true });
  const take = () => {
    const piece = out;
    out = '';
    return piece;
  };
  const failed = report.expectations.filter((r) => r.outcome === 'fail').length;
  const seconds = Math.max(0, (now - Date.parse(report.since)) / 1000).toFixed(3);
  xml.dec({ version: '1.0', encoding: 'UTF-8' });
  xml.ele('testsuites', {
    name: 'auth-sim caller report',
    tests: String(report.expectations.length),
    failures: String(failed),
  });
  xml.ele('testsuite', {
    name: 'auth-sim caller report',
    tests: String(report.expectations.length),
    failures: String(failed),
    errors: '0',
    time: seconds,
    timestamp: report.since,
  });
  for (const r of report.expectations) {
    const name = escapeControls(`${r.token === null ? 'run' : r.token}: ${r.expectation}`);
    const place = PLACE.exec(r.where);
    const where = place ? { file: escapeControls(place[1]), line: place[2] } : {};
    xml.ele('testcase', { classname: 'auth-sim.caller', name, time: '0', ...where });
    const line = escapeControls(describeResult(r));
    if (r.outcome === 'fail') xml.ele('failure', { message: line, type: r.expectation }).txt(line).up();
    else if (r.outcome === 'warn') xml.ele('system-out').txt(`warning: ${line}`).up();
    xml.up();
    yield take();
  }
  xml.up().up().end();
  yield take();
}
