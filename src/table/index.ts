/**
 * src/table: the table, from lobby to game to finished (Dynasty too), its seats and
 * settings, one move (place or discard, then claim), and who may act. Pure: no
 * Discord, no I/O; it imports only the engine. The store keeps tables; the Discord
 * side decodes a click, updates the table through here, then describes and posts.
 */
export * from './types.js';
export * from './refusal.js';
export * from './seats.js';
export * from './actor.js';
export * from './lobby.js';
export * from './move.js';
export * from './play.js';
export * from './outbox.js';
export * from './ratings.js';
export * from './absence.js';
export * from './pace.js';
export * from './due.js';
export * from './pause.js';
export * from './giveup.js';
export * from './daily.js';
export * from './undo.js';
export * from './replay.js';
export * from './pairing.js';
export * from './plan.js';
export * from './planning.js';
export * from './quiet.js';
export * from './league.js';
export * from './season.js';
export * from './start.js';
