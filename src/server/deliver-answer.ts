import type { ServerResponse } from 'node:http';
import type { Answer } from '../scenario/scenario-set';
import { FAULT_ACTIONS } from './faults/fault-actions';
import type { OpenFaults } from './faults/open-faults';
import { writeReply } from './write-reply';

/**
 * Sends an answer: after its delay (a timer that never holds up other requests and is dropped
 * if the caller hangs up), either its prepared bytes or its fault acted out.
 */
export function deliverAnswer(res: ServerResponse, answer: Answer, open: OpenFaults): void {
  if (answer.delayMs <= 0) return act(res, answer, open);
  const timer = setTimeout(() => act(res, answer, open), answer.delayMs);
  res.once('close', () => clearTimeout(timer));
}

function act(res: ServerResponse, answer: Answer, open: OpenFaults): void {
  if (answer.fault === undefined) writeReply(res, answer.reply);
  else FAULT_ACTIONS[answer.fault.name](res, answer, open);
}
