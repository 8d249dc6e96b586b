import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CompiledEntry } from '../../scenario/compile/scenario-set';

/** Where a proxied request's journal entry says it was answered: `(proxy) <base-url>`. */
export const PROXY_FILE = '(proxy)';

/**
 * Hybrid mode (`serve --proxy`): the tokens no file, population or runtime entry names are passed
 * to the real service and its answer back unchanged. The server only knows this shape; record's
 * proxy (src/record) fills it in, so the server never imports the proxy's code.
 */
export interface PassOn {
  /** Stands for the service in the journal: matched `proxied`, entry `(proxy) <base-url>`. */
  readonly entry: CompiledEntry;
  /** Forwards a protocol request (its body already drained: the protocol has none) and writes the answer to `res`. */
  forward(req: IncomingMessage, res: ServerResponse): void;
}

/** The journal's stand-in entry for the service at `baseUrl`; never asked for an answer. */
export function proxyEntry(baseUrl: string): CompiledEntry {
  return Object.freeze({
    source: Object.freeze({ file: `${PROXY_FILE} ${baseUrl}`, line: 0, column: 0 }),
    token: undefined,
    answer: () => {
      throw new Error(`a proxied token is answered by ${baseUrl}, not by an entry`);
    },
  });
}
