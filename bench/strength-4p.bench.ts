/**
 * AI strength in 4 players: the hard level against three of its frozen baseline
 * (hard-baseline), a seeded paired arena of 100 seat-games at 250 ms a decision,
 * compiled and in worker threads as the bot runs them (about 17 minutes on 2 cores).
 *   npm run bench -- strength-4p
 */
import { hardVsBaseline } from './arena.js';

console.log(`ai.hard_vs_baseline_4p_250ms: ${hardVsBaseline(4, 100).toFixed(1)} % win share`);
