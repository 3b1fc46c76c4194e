/** AiPool's worker: answers choose/hint/review requests one at a time. */
import { parentPort } from 'node:worker_threads';
import { chooseAction, hint } from './index.js';
import type { AiReply, AiRequest } from './protocol.js';
import { reviewMove } from './review.js';
import { nameThisThread } from '../runtime/spawn.js';

function answer(request: AiRequest): AiReply {
  try {
    const value =
      request.kind === 'choose'
        ? chooseAction(request.state, request.level, request.opts)
        : request.kind === 'review'
          ? reviewMove(request.job)
          : hint(request.state, request.opts);
    return { id: request.id, ok: true, value };
  } catch (err) {
    return { id: request.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

nameThisThread('ai');
parentPort?.on('message', (request: AiRequest) => parentPort?.postMessage(answer(request)));
