/** RenderPool's worker: draws and encodes one picture at a time, in the locale it is asked for. */
import { parentPort } from 'node:worker_threads';
import { inLocale } from '../i18n/index.js';
import {
  rejectionText,
  renderReplay,
  renderReviewMove,
  showDynastySheet,
  showLeft,
  showPreview,
  showScoreSheet,
  showStandings,
  showTable,
  type Shown,
} from './index.js';
import type { Drawn, RenderReply, RenderRequest } from './pool.js';
import { collectYoungGarbage } from '../runtime/memory.js';
import { nameThisThread } from '../runtime/spawn.js';

/** A record that cannot be replayed fails the job with the engine's reason. */
async function replay(record: unknown, opts: Extract<RenderRequest, { picture: 'replay' }>['opts']): Promise<Drawn> {
  const made = await renderReplay(record, { ...opts, pause: async () => {} });
  if (!made.ok) throw new Error(rejectionText(made.error));
  const { gif, ...facts } = made.value;
  return { bytes: gif, replay: facts };
}

async function draw(request: RenderRequest): Promise<Drawn> {
  if (request.picture === 'replay') return replay(request.record, request.opts);
  if (request.picture === 'reviewMove') return { bytes: await renderReviewMove(request.review) };
  const { png, alt } = await show(request);
  return { bytes: png, alt };
}

function show(request: Exclude<RenderRequest, { picture: 'replay' | 'reviewMove' }>): Promise<Shown> {
  switch (request.picture) {
    case 'table':
      return showTable(request.state, request.opts);
    case 'preview':
      return showPreview(request.state, request.candidate, request.opts);
    case 'scoreSheet':
      return showScoreSheet(request.state);
    case 'dynastySheet':
      return showDynastySheet(request.dynasty);
    case 'left':
      return showLeft(request.state);
    case 'standings':
      return showStandings(request.view);
  }
}

async function answer(request: RenderRequest): Promise<void> {
  let reply: RenderReply;
  try {
    const { bytes, alt, replay } = await inLocale(request.locale, () => draw(request));
    const png = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    reply = { id: request.id, ok: true, png, alt, replay };
  } catch (error) {
    reply = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  // The PNG's memory moves to the bot's thread rather than being copied, when it is a buffer of its own.
  const whole = reply.ok && reply.png.byteOffset === 0 && reply.png.byteLength === reply.png.buffer.byteLength;
  parentPort?.postMessage(reply, whole && reply.ok ? [reply.png.buffer as ArrayBuffer] : []);
  // The picture's pixels, read outside the heap, freed now rather than pictures later.
  collectYoungGarbage();
}

nameThisThread('pictures');
parentPort?.on('message', (request: RenderRequest) => void answer(request));
