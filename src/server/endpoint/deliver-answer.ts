import type { ServerResponse } from 'node:http';
import type { Answer, Reply } from '../../scenario/compile/scenario-set';
import type { AnswerRuntime } from './answer-runtime';
import { errorReply } from '../../scenario/compile/build-reply';
import { UNWRITABLE_ANSWER } from '../../protocol/built-in-answers';
import { FAULT_ACTIONS } from '../faults/fault-actions';

const UNWRITABLE = errorReply(UNWRITABLE_ANSWER);

/** What deliverAnswer answers when it did not write a whole reply at once (a delay, a fault). */
export const NOT_COUNTED = -1;

/** Whether deliverAnswer writes `answer` whole at once, and so counts its bytes: no delay, no fault acted out. */
export function writesAtOnce(answer: Answer | null): boolean {
  return answer !== null && answer.delayMs <= 0 && faultAction(answer) === undefined;
}

/** The fault acted out for `answer`; none for an honest one or a reply-only fault (malformed...), whose reply holds its bytes. */
function faultAction(answer: Answer) {
  return answer.fault && FAULT_ACTIONS[answer.fault.name];
}

/**
 * Sends an answer: after its delay (a timer that never holds up other requests and is dropped
 * if the caller hangs up), either its prepared bytes or its fault acted out. Answers the bytes it
 * put on the connection when it wrote a whole reply at once, else NOT_COUNTED.
 */
export function deliverAnswer(res: ServerResponse, answer: Answer, runtime: AnswerRuntime): number {
  if (answer.delayMs <= 0) return act(res, answer, runtime);
  const timer = setTimeout(() => act(res, answer, runtime), answer.delayMs);
  res.once('close', () => clearTimeout(timer));
  return NOT_COUNTED;
}

/**
 * Writes the answer. A throw here would come from a timer callback and end the process, so it
 * is contained: reported, and the caller gets a 500 (or, once bytes are out, a closed connection).
 */
function act(res: ServerResponse, answer: Answer, runtime: AnswerRuntime): number {
  try {
    const fault = faultAction(answer);
    if (fault !== undefined) {
      fault(res, answer, runtime.faults);
      return NOT_COUNTED;
    }
    writeReply(res, answer.reply);
    return bytesOut(res, answer.reply);
  } catch (error) {
    runtime.report(
      `could not write a ${answer.reply.status} answer for ${res.req?.url ?? 'a request'}: ${(error as Error).message}; answered 500 instead`,
    );
    if (res.headersSent) {
      res.destroy();
      return NOT_COUNTED;
    }
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    writeReply(res, UNWRITABLE);
    return bytesOut(res, UNWRITABLE);
  }
}

/**
 * The bytes a reply just written whole put on the connection: Node's head as it wrote it (its
 * `_header`, sent as latin1, a byte a character) and the body, which a HEAD request does not get
 * (a 204 or 304 reply has none). NOT_COUNTED where Node keeps no such head. Reading the
 * connection's `bytesWritten` before and after cost ~1,500 instructions a request: its getter
 * copies the connection's write buffer and reads through V8's megamorphic handlers. The recorder
 * checks this count once against the connection's own (RequestRecorder.sent).
 */
function bytesOut(res: ServerResponse, reply: Reply): number {
  const head = (res as ServerResponse & { _header?: unknown })._header;
  if (typeof head !== 'string') return NOT_COUNTED;
  return head.length + (reply.body === null || res.req.method === 'HEAD' ? 0 : reply.body.length);
}

/** Writes a ready reply: one writeHead, one end with the prebuilt bytes. */
export function writeReply(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, reply.headerList as string[]);
  if (reply.body) res.end(reply.body);
  else res.end();
}
