import type { ServerResponse } from 'node:http';

/**
 * Responses held open by a fault (hang, drip, truncated), so closing the simulator ends them at
 * once instead of waiting out their timers. Each removes itself when its connection closes.
 */
export class OpenFaults {
  private readonly open = new Set<ServerResponse>();
  private closed = false;

  /** Holds `res` until its connection closes; `cleanup` runs then (clear timers). */
  hold(res: ServerResponse, cleanup: () => void): void {
    this.open.add(res);
    res.once('close', () => {
      this.open.delete(res);
      cleanup();
    });
    // A request that reaches its fault once the close has begun (it was still being read) ends
    // too, after the fault's own first step, instead of holding the close for its whole grace.
    if (this.closed) setImmediate(() => res.destroy());
  }

  /** Ends every held connection (on simulator close). */
  closeAll(): void {
    this.closed = true;
    for (const res of this.open) res.destroy();
  }
}
