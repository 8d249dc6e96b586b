import type { ServerResponse } from 'node:http';
import type { Answer, Reply } from '../../scenario/compile/scenario-set';
import type { AnswerRuntime } from './answer-runtime';
import { errorReply } from '../../scenario/compile/build-reply';
import { UNWRITABLE_ANSWER } from '../../protocol/built-in-answers';
import { FAULT_ACTIONS } from '../faults/fault-actions';

const UNWRITABLE = errorReply(UNWRITABLE_ANSWER);

/**
 * Sends an answer: after its delay (a timer that never holds up other requests and is dropped
 * if the caller hangs up), either its prepared bytes or its fault acted out.
 */
export function deliverAnswer(res: ServerResponse, answer: Answer, runtime: AnswerRuntime): void {
  if (answer.delayMs <= 0) return act(res, answer, runtime);
  const timer = setTimeout(() => act(res, answer, runtime), answer.delayMs);
  res.once('close', () => clearTimeout(timer));
}

/**
 * Writes the answer. A throw here would come from a timer callback and end the process, so it
 * is contained: reported, and the caller gets a 500 (or, once bytes are out, a closed connection).
 */
function act(res: ServerResponse, answer: Answer, runtime: AnswerRuntime): void {
  try {
    const fault = answer.fault && FAULT_ACTIONS[answer.fault.name];
    if (fault === undefined) writeReply(res, answer.reply);
    else fault(res, answer, runtime.faults);
  } catch (error) {
    runtime.report(
      `could not write a ${answer.reply.status} answer for ${res.req?.url ?? 'a request'}: ${(error as Error).message}; answered 500 instead`,
    );
    if (res.headersSent) return void res.destroy();
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    writeReply(res, UNWRITABLE);
  }
}

/** Writes a ready reply: one writeHead, one end with the prebuilt bytes. */
export function writeReply(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, reply.headerList as string[]);
  if (reply.body) res.end(reply.body);
  else res.end();
}
