/** The renderer as the bot uses it (one import point, so views and flows agree on it). */
export { pictureName, playerMarker, renderDynastySheet, renderPreview, renderScoreSheet, renderTable } from '../render/index.js';
