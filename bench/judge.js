'use strict';
/**
 * The team's rule for a target line (issue 48), in one place. A timed line is met when the median
 * of at least three interleaved rounds reaches it; "within the noise" is not met. Only where the
 * rounds straddle the line (some reach it, some do not) does callgrind's count for the same
 * comparison decide, and it never outvotes a clear median. A memory line, a worst case and a
 * count are judged on their figure.
 */
const { median } = require('./compare');

/** Fewer rounds than this leave a timed line not judged. */
const MIN_ROUNDS = 3;

/**
 * A timed line's status: `rounds` are each round's figure (the line's median is theirs),
 * `counted` the callgrind figure for the same comparison, if one was counted.
 */
function judgeTimed({ rounds, ok, counted }) {
  if (!rounds || rounds.length === 0) return 'not measured';
  if (rounds.length < MIN_ROUNDS) return `not judged: ${rounds.length} round${rounds.length === 1 ? '' : 's'}`;
  const straddle = rounds.some(ok) && !rounds.every(ok);
  if (straddle && counted !== undefined && counted !== null)
    return `${ok(counted) ? 'met' : 'missed'} by callgrind: rounds straddle`;
  return ok(median(rounds)) ? 'met' : 'missed';
}

/** A line judged on its one figure (memory, a worst case, a count): met or missed. */
function judgeFigure({ figure, ok }) {
  if (figure === undefined || figure === null || Number.isNaN(figure)) return 'not measured';
  return ok(figure) ? 'met' : 'missed';
}

module.exports = { judgeTimed, judgeFigure, MIN_ROUNDS };
