/** A player's rating as the seasons' tests need one: who, how many games, the number shown. */
import type { PlayerRating } from '../../src/table/index.js';

export const rating = (userId: string, games: number, display: number): PlayerRating => ({
  userId,
  mu: 25,
  sigma: 8,
  games,
  display,
  trail: [],
});
