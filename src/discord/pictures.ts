/** The renderer as the bot uses it (one import point, so views and flows agree on it). */
export { pictureName, playerMarker, rejectionText } from '../render/index.js';
/** The pictures of every move, drawn by worker threads (render-pool.ts). */
export { renderDynastySheet, renderPreview, renderReviewMove, renderScoreSheet, renderTable } from './render-pool.js';
/** Replays, and the text descriptions (alt text) posted with every picture. */
export { renderReplay, REPLAY_MAX_BYTES, type Replay } from '../render/index.js';
export {
  describeDynastySheet,
  describePreview,
  describeReplay,
  describeScoreSheet,
  describeTable,
} from '../render/index.js';
