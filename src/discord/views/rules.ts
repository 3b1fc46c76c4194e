/** /kingdomino rules: the game in a few lines, as played here. */
export const RULES_TEXT = [
  '👑 **Kingdomino in a nutshell**',
  '• Each player builds a kingdom around a castle, one domino at a time. Each domino half is a terrain: 🌾 wheat, 🌲 forest, 🌊 lake, 🐑 grassland, 🐸 swamp, ⛏️ mine, some with crowns 👑.',
  '• Every round a new line of dominoes is laid out in ascending order. In the order of the dominoes your king stands on, you **place** that domino in your kingdom, then **pick** one of the new line with your king. A higher number is a better domino but a later turn.',
  '• Placing: one half must touch your castle (it matches everything) or the same terrain; the kingdom must fit in 5x5 (7x7 in the Mighty Duel). If it fits nowhere, it is discarded.',
  '• Scoring: each territory (connected squares of one terrain) scores squares × crowns. Ties: largest territory, then most crowns.',
  '• 2 players: two kings each, 24 dominoes. 3 players: 4 a line, the leftover is removed (or *classic*: 36 dominoes, 3 a line).',
  '**Variants**: Mighty Duel (2 players, 7x7, all 48 dominoes) · Harmony (+5 for a full kingdom) · Middle Kingdom (+10 for a centred castle) · Dynasty (3 games, totals count) · balanced opening (2 players: A, B, B, A).',
  '**How to play here**: `/kingdomino start` opens a lobby; Join, then the host presses Start. The game runs in a thread: press **Your turn**, move the domino with the arrows (or jump between the places where it fits), confirm, then pick. `/kingdomino status` shows the board again.',
].join('\n');
