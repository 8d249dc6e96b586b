import { parseDuration } from '../../scenario/base/duration';
import { didYouMean } from '../../scenario/base/suggest';
import type { ScenarioClock } from '../../scenario/state/scenario-clock';

/** The farthest one advance moves the clock: a century, well inside what a Date holds. */
const MAX_ADVANCE_MS = 100 * 365 * 24 * 3_600_000;

/** The fields a clock change (`POST /clock`, `sim.clock.advance`) may have. */
const CLOCK_FIELDS = ['advance'] as const;

/** What `GET /clock` and every clock change answer: how far scenario time is ahead, and what time it is there. */
export interface ClockStatus {
  readonly offsetMs: number;
  /** Scenario time now, ISO 8601. */
  readonly now: string;
}

/** The clock as the admin API and programs show it. */
export function clockStatus(clock: ScenarioClock): ClockStatus {
  return { offsetMs: clock.offsetMs, now: new Date(clock.now()).toISOString() };
}

/** A clock change read: how far to move, or why it cannot be done (naming the field). */
export type ClockAdvance =
  { readonly ok: true; readonly byMs: number } | { readonly ok: false; readonly message: string };

/** Reads `{"advance": "2h"}`: a duration from 0 to a century; anything else is refused with the field named. */
export function readClockAdvance(body: unknown): ClockAdvance {
  const refuse = (message: string): ClockAdvance => ({ ok: false, message });
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return refuse('send a JSON object saying how far to move the clock, e.g. {"advance": "2h"}');
  const unknown = Object.keys(body).find((key) => !(CLOCK_FIELDS as readonly string[]).includes(key));
  if (unknown !== undefined)
    return refuse(
      `"${unknown}" is not a clock field${didYouMean(unknown, CLOCK_FIELDS)}; send {"advance": "2h"} to move the clock forward, DELETE to go back to real time`,
    );
  const { advance } = body as { advance?: unknown };
  if (advance === undefined)
    return refuse('"advance" is missing: say how far to move the clock, e.g. {"advance": "2h"}');
  const byMs = parseDuration(advance);
  if (byMs === undefined)
    return refuse(
      `"advance" must be a duration such as "90s", "30m" or "2h" (or a number of milliseconds from 0), got ${JSON.stringify(advance)}`,
    );
  if (byMs > MAX_ADVANCE_MS)
    return refuse(
      `"advance" may move the clock at most ${MAX_ADVANCE_MS} ms (a century) at once, got ${JSON.stringify(advance)}`,
    );
  return { ok: true, byMs };
}
