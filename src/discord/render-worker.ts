/** RenderPool's worker: draws and encodes one picture at a time, in the locale it is asked for. */
import { parentPort } from 'node:worker_threads';
import { inLocale } from '../i18n/index.js';
import { renderDynastySheet, renderPreview, renderReviewMove, renderScoreSheet, renderTable } from '../render/index.js';
import type { RenderReply, RenderRequest } from './render-pool.js';

function draw(request: RenderRequest): Promise<Buffer> {
  switch (request.picture) {
    case 'table':
      return renderTable(request.state, request.opts);
    case 'preview':
      return renderPreview(request.state, request.candidate, request.opts);
    case 'scoreSheet':
      return renderScoreSheet(request.state);
    case 'dynastySheet':
      return renderDynastySheet(request.dynasty);
    case 'reviewMove':
      return renderReviewMove(request.review);
  }
}

async function answer(request: RenderRequest): Promise<void> {
  let reply: RenderReply;
  try {
    const png = await inLocale(request.locale, () => draw(request));
    reply = { id: request.id, ok: true, png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength) };
  } catch (error) {
    reply = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  // The PNG's memory moves to the bot's thread rather than being copied, when it is a buffer of its own.
  const whole = reply.ok && reply.png.byteOffset === 0 && reply.png.byteLength === reply.png.buffer.byteLength;
  parentPort?.postMessage(reply, whole && reply.ok ? [reply.png.buffer as ArrayBuffer] : []);
}

parentPort?.on('message', (request: RenderRequest) => void answer(request));
