'use strict';
/**
 * Collects a run's target lines, each judged by bench/judge.js and shown the same way: the
 * figure (a timed line's median of its rounds), the rounds beside it, the callgrind figure for
 * the same comparison where one was counted, and the status.
 */
const { median } = require('./compare');
const { judgeTimed, judgeFigure } = require('./judge');

const pct = (x) => `${(x * 100).toFixed(1)}%`;
const times = (x) => `${x.toFixed(2)}x`;
const ms = (x) => `${Math.round(x)} ms`;
const mb = (x) => `${(x / 1024 ** 2).toFixed(0)} MB`;

/** Rounds listed in full up to this many; more (reload's 20 runs) are shown as their count and range. */
const LISTED_ROUNDS = 7;

/**
 * A figure as shown, with a third decimal when two would put a ratio on the other side of its
 * line (0.496 against ">= 0.5" reads "0.50x" and "missed" otherwise).
 */
function shownBeside(value, show, ok) {
  if (show === times && ok(Number(value.toFixed(2))) !== ok(value)) return `${value.toFixed(3)}x`;
  return show(value);
}

/** "0.81, 0.86, 0.88x": each round's figure, in the order run, the unit once at the end. */
function showRounds(rounds, show) {
  if (!rounds || rounds.length === 0) return '';
  const unit = (s) => /[^\d.-]+$/.exec(s)?.[0] ?? '';
  const bare = (x) => {
    const s = show(x);
    return s.slice(0, s.length - unit(s).length);
  };
  const last = unit(show(rounds[0]));
  if (rounds.length > LISTED_ROUNDS)
    return `${rounds.length} runs, ${bare(Math.min(...rounds))} to ${bare(Math.max(...rounds))}${last}`;
  return `${rounds.map(bare).join(', ')}${last}`;
}

/** A target list: `timed` and `figure` add lines; `lines` is the result. */
function targetLines() {
  const lines = [];
  const shownCounted = (counted, show, ok) =>
    counted === undefined || counted === null ? '' : shownBeside(counted, show, ok);
  return {
    lines,
    /** A timed line: `rounds` are each interleaved round's figure; `counted`, callgrind's for the same comparison. */
    timed({ name, goal, rounds, show, ok, counted, also }) {
      const measured = Boolean(rounds && rounds.length);
      const figure = measured ? median(rounds) : null;
      lines.push({
        name,
        goal,
        figure,
        shown: measured ? shownBeside(figure, show, ok) : '-',
        rounds: measured ? rounds : [],
        shownRounds: showRounds(rounds, show),
        counted: counted ?? null,
        shownCounted: shownCounted(counted, show, ok),
        also: (measured && also) || '',
        status: judgeTimed({ rounds, ok, counted }),
      });
    },
    /** A line judged on its one figure: memory, a worst case, a callgrind count. */
    figure({ name, goal, figure, show, ok, also }) {
      const measured = figure !== undefined && figure !== null && !Number.isNaN(figure);
      lines.push({
        name,
        goal,
        figure: measured ? figure : null,
        shown: measured ? shownBeside(figure, show, ok) : '-',
        rounds: [],
        shownRounds: '',
        counted: null,
        shownCounted: '',
        also: (measured && also) || '',
        status: judgeFigure({ figure, ok }),
      });
    },
  };
}

module.exports = { targetLines, pct, times, ms, mb };
