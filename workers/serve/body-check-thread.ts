/**
 * The body-check thread (worker_threads entry, built as `body-check`): parses a large API
 * body and checks it against its operation's schema, so that serve's own thread, which
 * answers every other request (the health check among them), never spends the half second
 * an 8 MiB body costs. Only a refusal (a few lines) or a valid request travels back.
 */
import { parentPort } from 'node:worker_threads';
import { isOperationName, parseRequest } from '../../common/contract';
import { toErrorData } from '../../common/errors';
import type { BodyCheck, BodyChecked } from './body-thread';
import { parseJsonBody } from './request-body';

const port = parentPort!;
const decoder = new TextDecoder();

port.on('message', ({ id, op, bytes }: BodyCheck) => {
  const parsed = parseJsonBody(op, decoder.decode(bytes));
  let answer: BodyChecked = { id, ...parsed };
  if (parsed.ok && isOperationName(op)) {
    try {
      parseRequest(op, parsed.value);
    } catch (err) {
      answer = { id, ok: false, error: toErrorData(err) };
    }
  }
  port.postMessage(answer);
});
