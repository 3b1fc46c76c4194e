/** The renderer as the bot uses it (one import point, so views and flows agree on it). */
/** Words only: the main thread never loads the canvas (render/text.ts). */
export {
  describeDynastySheet,
  describePreview,
  describeReplay,
  describeScoreSheet,
  describeTable,
  pictureName,
  playerMarker,
  rejectionText,
  REPLAY_MAX_BYTES,
} from '../render/text.js';
export type { Replay } from '../render/index.js';
/** The pictures of every move, and replays, drawn by worker threads (render-pool.ts). */
export {
  renderDynastySheet,
  renderPreview,
  renderReplay,
  renderReviewMove,
  renderScoreSheet,
  renderTable,
} from './render-pool.js';
