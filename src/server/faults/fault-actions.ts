import type { ServerResponse } from 'node:http';
import type { FaultName } from '../../scenario/compile/fault-names';
import type { Answer } from '../../scenario/scenario-set';
import { writeReply } from '../write-reply';
import { dripBody, sendTruncated } from './body-faults';
import { closeConnection, hangConnection, resetConnection } from './connection-faults';
import type { OpenFaults } from './open-faults';

/** Acts out one fault on a response; the same for GET and POST, fast path and Express. */
export type FaultAction = (res: ServerResponse, answer: Answer, open: OpenFaults) => void;

const sendPrepared: FaultAction = (res, answer) => writeReply(res, answer.reply);

/** Every fault's action. malformed, html, empty-200 and no-card are bytes prepared at load, written as they are. */
export const FAULT_ACTIONS: Readonly<Record<FaultName, FaultAction>> = Object.freeze({
  reset: resetConnection,
  close: closeConnection,
  hang: hangConnection,
  truncated: sendTruncated,
  drip: dripBody,
  malformed: sendPrepared,
  html: sendPrepared,
  'empty-200': sendPrepared,
  'no-card': sendPrepared,
});
