import { escapeHtml, markup } from '../../src/caller-report/markup';
import { MARK_SPACING, placeMarks } from '../../src/caller-report/place-marks';

test.each([
  ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ['a "b" & \'c\'', 'a &quot;b&quot; &amp; &#39;c&#39;'],
  ['cr\rlf\n', 'cr&#13;lf\n'],
  ['line\u2028sep', 'line\u2028sep'],
])('escapeHtml(%j) is %j', (text, escaped) => {
  expect(escapeHtml(text)).toBe(escaped);
});

test('markup escapes every value but its own markup, lists included', () => {
  const inner = markup`<b>${'<i>'}</b>`;
  expect(markup`<p title="${'"x"'}">${inner}${['<', 1, null, false, undefined]}</p>`.text).toBe(
    '<p title="&quot;x&quot;"><b>&lt;i&gt;</b>&lt;1</p>',
  );
});

test.each([
  ['apart already: kept where they are', [10, 50, 90], [10, 50, 90]],
  ['a burst at one time: side by side', [10, 10, 10], [10, 10 + MARK_SPACING, 10 + 2 * MARK_SPACING]],
  ['a burst at the end: pulled back left', [100, 100, 100], [100 - 2 * MARK_SPACING, 100 - MARK_SPACING, 100]],
  ['more than fit: the width shared evenly', [0, 0, 0, 0, 0], [0, 4, 8, 12, 16]],
])('placeMarks: %s', (_what, xs, placed) => {
  expect(placeMarks(xs, 0, xs.length === 5 ? 16 : 100)).toEqual(placed);
});
