import { describeMs } from './describe-bounds';
import type { TimelineMark } from './exchange';
import { markup, type Markup } from './markup';
import { placeMarks } from './place-marks';

/** The plot's width in every row and in the axis, and its margin inside that width. */
const PLOT_WIDTH = 600;
const EDGE = 8;
const ROW_HEIGHT = 18;
const TICKS = 5;

/** The time span every row shares: milliseconds since the report began. */
export interface TimeScale {
  readonly start: number;
  readonly end: number;
}

/** The span of every mark in the rows given (0 to 1 ms when there is none). */
export function timeScale(marks: Iterable<readonly TimelineMark[]>): TimeScale {
  let start = Infinity;
  let end = -Infinity;
  for (const row of marks)
    for (const [at] of row) {
      if (at < start) start = at;
      if (at > end) end = at;
    }
  return start === Infinity ? { start: 0, end: 1 } : { start, end: Math.max(end, start + 1) };
}

function xOf(scale: TimeScale, at: number): number {
  return EDGE + ((at - scale.start) / (scale.end - scale.start)) * (PLOT_WIDTH - 2 * EDGE);
}

/** A mark's colour by the answer it got: a card, a client error, a server error, a fault. */
function colourOf(answer: string): string {
  if (answer.startsWith('fault:')) return '#8e44ad';
  if (answer === '200') return '#2e8b57';
  if (answer.startsWith('4')) return '#d98e04';
  return '#c0392b';
}

const VIA = { outage: 'answered during an outage', proxied: 'proxied to the real service' } as const;

/** What hovering a mark says: when, what it got, and how long after the token's previous request. */
function markTitle(token: string, mark: TimelineMark, previous: TimelineMark | undefined, sinceMs: number): string {
  const [at, answer, abandoned, via] = mark;
  const clock = new Date(sinceMs + at).toISOString().slice(11, 23);
  const parts = [`${token}: ${answer} at ${clock} (+${describeMs(at)})`];
  parts.push(previous === undefined ? 'first request' : `${describeMs(at - previous[0])} after the previous request`);
  if (abandoned) parts.push('abandoned by the caller');
  if (via !== undefined) parts.push(VIA[via]);
  return parts.join(', ');
}

/**
 * One token's timeline: each request one element carrying `data-mark`, at its time on the shared
 * axis unless that would put it on top of another (then beside it), coloured by its answer; an
 * outage's answer a square, the real service's a diamond, an abandoned exchange hollow.
 */
export function renderTimeline(token: string, marks: readonly TimelineMark[], scale: TimeScale, since: string): Markup {
  const xs = placeMarks(
    marks.map(([at]) => xOf(scale, at)),
    EDGE,
    PLOT_WIDTH - EDGE,
  );
  const sinceMs = Date.parse(since);
  const y = ROW_HEIGHT / 2;
  const items = marks.map((mark, i) => {
    const [, answer, abandoned, via] = mark;
    const x = xs[i];
    const colour = colourOf(answer);
    const look = markup`class="mark" data-mark="${i}" data-answer="${answer}" data-abandoned="${abandoned ? 'yes' : 'no'}" data-via="${via ?? 'none'}" fill="${abandoned ? 'none' : colour}" stroke="${colour}" stroke-width="2"`;
    const title = markup`<title>${markTitle(token, mark, marks[i - 1], sinceMs)}</title>`;
    if (via === 'outage') return markup`<rect ${look} x="${x - 4}" y="${y - 4}" width="8" height="8">${title}</rect>`;
    if (via === 'proxied')
      return markup`<rect ${look} x="${x - 3}" y="${y - 3}" width="6" height="6" transform="rotate(45 ${x} ${y})">${title}</rect>`;
    return markup`<circle ${look} cx="${x}" cy="${y}" r="4">${title}</circle>`;
  });
  return markup`<svg class="cv-plot" width="${PLOT_WIDTH}" height="${ROW_HEIGHT}" viewBox="0 0 ${PLOT_WIDTH} ${ROW_HEIGHT}" role="img" aria-label="${`${marks.length} request(s)`}"><line x1="${EDGE}" x2="${PLOT_WIDTH - EDGE}" y1="${y}" y2="${y}" stroke="#e5e7eb"/>${items}</svg>`;
}

/** The shared time axis: ticks with their times, drawn once in the sticky header. */
export function renderAxis(scale: TimeScale): Markup {
  const ticks = Array.from({ length: TICKS }, (_, i) => scale.start + ((scale.end - scale.start) * i) / (TICKS - 1));
  const items = ticks.map((at, i) => {
    const x = xOf(scale, at);
    const anchor = i === 0 ? 'start' : i === TICKS - 1 ? 'end' : 'middle';
    return markup`<line x1="${x}" x2="${x}" y1="14" y2="20" stroke="#6b7280"/><text x="${i === 0 ? x - EDGE / 2 : i === TICKS - 1 ? x + EDGE / 2 : x}" y="11" font-size="10" text-anchor="${anchor}" fill="#374151">${describeMs(at)}</text>`;
  });
  return markup`<svg class="cv-axis" data-test="time-axis" width="${PLOT_WIDTH}" height="20" viewBox="0 0 ${PLOT_WIDTH} 20"><line x1="${EDGE}" x2="${PLOT_WIDTH - EDGE}" y1="19.5" y2="19.5" stroke="#6b7280"/>${items}</svg>`;
}
