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
 * protocol is printed as a warning, the answer still passed back unchanged.
 */
export function hybridPassOn(target: string, wire: WireOptions, logger: Logger): PassOn {
  return createPassOn({
    target,
    wire,
    limits: { timeoutMs: PROXY_TIMEOUT_MS, maxBodyBytes: DEFAULT_MAX_BODY_BYTES },
    onEvent: (e) => {
      for (const f of e.findings) logger.warn(escapeControls(`proxied ${formatFinding(f)}`));
    },
  });
}
