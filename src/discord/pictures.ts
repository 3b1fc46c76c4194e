/** The renderer as the bot uses it (one import point, so views and flows agree on it). */
export {
  pictureName,
  playerMarker,
  rejectionText,
  renderDynastySheet,
  renderPreview,
  renderScoreSheet,
  renderTable,
} from '../render/index.js';
/** Replays, and the text descriptions (alt text) posted with every picture. */
export { renderReplay, REPLAY_MAX_BYTES, type Replay } from '../render/index.js';
export {
  describeDynastySheet,
  describePreview,
  describeReplay,
  describeScoreSheet,
  describeTable,
} from '../render/index.js';
