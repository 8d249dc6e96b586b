import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import { escapeControls } from '../scenario/base/escape-controls';
import { DEFAULT_MAX_BODY_BYTES } from '../check/fetch-answer';
import { formatFinding } from '../check/finding';
import type { WireOptions } from '../protocol/wire-encode';
import { createPassOn } from '../record/record-proxy';
import type { PassOn } from '../server/endpoint/pass-on';
import type { Logger } from './logger';

/** How long a proxied token's answer may take before the caller gets a 504: a chat server's own time-out is shorter. */
const PROXY_TIMEOUT_MS = 30_000;

/**
 * `serve --proxy <base-url>`: record's proxy without the recording, behind the simulator's own
 * request path. Each proxied answer is checked as `check` and `record` check it; what breaks the
 * protocol is printed as a warning after the request's own line, the answer still passed back
 * unchanged.
 */
export function hybridPassOn(target: string, wire: WireOptions, logger: Logger): PassOn {
  // The check runs before the answer is sent, and its line is logged once the answer is done: the
  // warning waits for the response it is about, found through the forward call it runs in (the
  // proxy's event does not carry the response, and record's proxy has no reason to).
  const answering = new AsyncLocalStorage<ServerResponse>();
  const passOn = createPassOn({
    target,
    wire,
    limits: { timeoutMs: PROXY_TIMEOUT_MS, maxBodyBytes: DEFAULT_MAX_BODY_BYTES },
    onEvent: (e) => {
      if (e.findings.length === 0) return;
      const warn = () => {
        for (const f of e.findings) logger.warn(escapeControls(`proxied ${formatFinding(f)}`));
      };
      const res = answering.getStore();
      // setImmediate: after every 'close' listener, the request recorder's among them.
      if (res && !res.closed) res.once('close', () => setImmediate(warn));
      else warn();
    },
  });
  return { entry: passOn.entry, forward: (req, res) => answering.run(res, () => passOn.forward(req, res)) };
}
