/**
 * What the renderer says without drawing: names as the pictures draw them, the
 * players' colour markers, the engine's reasons in words, the pictures' descriptions
 * (alt text). Nothing here loads the canvas: the bot's main thread imports this door
 * and leaves the drawing (Skia, its fonts and allocator: about 22 MB) to the picture
 * workers.
 */
export { pictureName } from './adapter.js';
export {
  describeDynastySheet,
  describePreview,
  describeReplay,
  describeScoreSheet,
  describeTable,
  DESCRIPTION_MAX,
} from './describe.js';
export { playerColour, playerMarker } from './palette.js';
export { rejectionText } from './rejection.js';
export { spotLetters } from './spots.js';

/** Discord refuses bigger uploads on servers without boosts; the replay stays under it. */
export const REPLAY_MAX_BYTES = 8 * 1024 * 1024;
