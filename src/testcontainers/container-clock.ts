import type { ClockStatus } from '../server/admin/clock-change';
import type { Duration } from '../api/scenario-types';

/** A container's scenario clock, over its admin API (`/__admin/clock`). */
export interface ContainerClock {
  /** Moves scenario time forward ("2h", "90s", or milliseconds); rejects with the admin API's message on a bad duration. */
  advance(by: Duration): Promise<ClockStatus>;
  /** Back to real time. */
  reset(): Promise<ClockStatus>;
  /** How far scenario time is ahead of real time. */
  status(): Promise<ClockStatus>;
}

/** The clock of the simulator at `adminUrl`, each call sending the admin token. */
export function containerClock(adminUrl: string, adminToken: string): ContainerClock {
  const call = async (method: string, body?: object): Promise<ClockStatus> => {
    const response = await fetch(`${adminUrl}/clock`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`auth-sim: ${method} /clock answered ${response.status}: ${text}`);
    return JSON.parse(text) as ClockStatus;
  };
  return { advance: (by) => call('POST', { advance: by }), reset: () => call('DELETE'), status: () => call('GET') };
}
