import { parseDuration } from '../../scenario/base/duration';
import type { Problem } from '../../scenario/base/problem';
import { adminBodyWords, MAX_CLOCK_ADVANCE_MS } from '../../scenario/schema/admin-body-schemas';
import { checkAdminBody, type AdminBody } from '../../scenario/schema/check-admin-body';
import type { ScenarioClock } from '../../scenario/state/scenario-clock';

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

/** A clock change read: how far to move, or every problem (each naming the field). */
export type ClockAdvance =
  { readonly ok: true; readonly byMs: number } | { readonly ok: false; readonly problems: readonly Problem[] };

/**
 * Reads `{"advance": "2h"}` against schema/clock-body.schema.json, as a scenario file is read:
 * a duration from 0 to a century; anything else is refused with the field named and placed.
 */
export function readClockAdvance(source: string, body: AdminBody): ClockAdvance {
  const problems = checkAdminBody('clock-body', source, body, ({ advance }) =>
    (parseDuration(advance) ?? 0) > MAX_CLOCK_ADVANCE_MS
      ? [
          [
            'advance',
            `advance must be ${adminBodyWords('clock-body', 'advance')}, at most a century (${MAX_CLOCK_ADVANCE_MS} ms) at once; got ${JSON.stringify(advance)}`,
          ],
        ]
      : [],
  );
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, byMs: parseDuration((body.value as { advance: unknown }).advance)! };
}
