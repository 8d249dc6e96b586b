import type { Duration } from './scenario-types';

/**
 * The body of `POST /__admin/sessions` (what `sim.session()` sends), as
 * schema/session-body.schema.json describes it; test/api/admin-body-types.test.ts holds the two to the same keys.
 */
export interface SessionBody {
  /** The tokens (without the prefix) the test means to use, at most 1,000: its unused tokens are judged over these. */
  readonly tokens?: readonly string[];
  /** How long it may go unused before it ends, 1 ms to 24 days (default: the simulator's `--session-ttl`, 10 minutes). */
  readonly ttl?: Duration;
}

/** The body of `POST /__admin/clock` (what `sim.clock.advance()` sends), as schema/clock-body.schema.json describes it. */
export interface ClockChange {
  /** How far to move scenario time forward, at most a century. */
  readonly advance: Duration;
}

/**
 * Each body type's keys, and whether each is required: `satisfies` fails the build when a type
 * gains or loses a key this list does not, and test/api/admin-body-types.test.ts holds the list
 * to the schemas (scenario/schema/admin-body-schemas.ts), so the types and the schemas cannot drift.
 */
export const ADMIN_BODY_KEYS = {
  'session-body': { tokens: false, ttl: false } satisfies Record<keyof SessionBody, boolean>,
  'clock-body': { advance: true } satisfies Record<keyof ClockChange, boolean>,
};
