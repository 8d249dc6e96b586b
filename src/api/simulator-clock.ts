import { clockStatus, readClockAdvance, type ClockStatus } from '../server/admin/clock-change';
import type { ScenarioClock } from '../scenario/state/scenario-clock';
import type { ClockChange } from './admin-body-types';

export type { ClockStatus } from '../server/admin/clock-change';

/** Scenario time, steered from a test: what `POST|DELETE /__admin/clock` do. */
export interface SimulatorClock {
  /** Moves scenario time forward ("2h", "90s", or milliseconds): time-based `expire` and rate-limit windows see it; delays do not. */
  advance(by: ClockChange['advance']): Promise<ClockStatus>;
  /** Back to real time. */
  reset(): Promise<ClockStatus>;
  /** How far scenario time is ahead of real time, and what time it is there. */
  status(): ClockStatus;
}

/** A program's handle on a simulator's clock; a bad duration rejects with the admin API's message. */
export function simulatorClock(clock: ScenarioClock): SimulatorClock {
  return {
    async advance(by) {
      const change = readClockAdvance('sim.clock.advance', { value: { advance: by } });
      if (!change.ok)
        throw new Error(`auth-sim: the clock was not moved: ${change.problems.map((p) => p.message).join('; ')}`);
      await clock.advance(change.byMs);
      return clockStatus(clock);
    },
    async reset() {
      await clock.reset();
      return clockStatus(clock);
    },
    status: () => clockStatus(clock),
  };
}
