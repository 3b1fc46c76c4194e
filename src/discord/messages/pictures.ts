/** The renderer as the bot uses it (one import point, so views and flows agree on it). */
/** Words only: the main thread never loads the canvas (render/text.ts). */
export {
  describeReplay,
  pictureName,
  playerMarker,
  rejectionText,
  REPLAY_MAX_BYTES,
  spotLetters,
} from '../../render/text.js';
export type { Replay, Shown } from '../../render/index.js';
/** The pictures, each with its description, and replays, drawn by worker threads (render/pool.ts). */
export {
  renderReplay,
  renderReviewMove,
  showDynastySheet,
  showLeft,
  showPreview,
  showScoreSheet,
  showStandings,
  showTable,
} from '../../render/pool.js';
export type { StandingsView } from '../../render/standings.js';
