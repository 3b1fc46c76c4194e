/** Where the move panel opens: a spot worth the most points now, the look-ahead asked only when it could matter. */
import { describe, expect, it, vi } from 'vitest';
import { chooseAction } from '../../src/ai/index.js';
import {
  apply,
  candidateGain,
  prompt,
  rankedCandidates,
  samePlacement,
  type Action,
  type Candidate,
  type GameState,
} from '../../src/game/index.js';
import { cursorOf, sameCursor } from '../../src/discord/messages/codec.js';
import { openingSpot } from '../../src/discord/handlers/panel.js';
import type { Bot } from '../../src/discord/bot.js';
import { newGame, SET_UPS } from '../ai/support.js';

/** Every placement asked in a game of normal players, with the spots ranked. */
function placements(game: GameState): { state: GameState; ranked: Candidate[] }[] {
  const found = [];
  let s = game;
  for (let asked = prompt(s); asked.kind !== 'over'; asked = prompt(s)) {
    if (asked.kind === 'place' && asked.canPlace) found.push({ state: s, ranked: rankedCandidates(s) });
    const next = apply(s, chooseAction(s, 'normal', { seed: s.turn }));
    if (!next.ok) throw new Error(next.error.message);
    s = next.value;
  }
  return found;
}

/** A bot with time to spare whose AI answers as its workers do. */
function botWithLookAhead() {
  const choose = vi.fn(async (state: GameState, level: 'hard', opts: object) => chooseAction(state, level, opts));
  return { bot: { load: { spare: () => true }, ai: { choose } } as unknown as Bot, choose };
}

const worth = (c: Candidate | undefined) => (c ? candidateGain(c) : null);

describe.each(SET_UPS)('$name', (setUp) => {
  const asked = placements(newGame(Array(setUp.players).fill('normal'), `opening ${setUp.name}`, setUp.options));
  const alone = asked.filter(({ ranked }) => worth(ranked[1]) !== worth(ranked[0]));
  const tied = asked.filter(({ ranked }) => worth(ranked[1]) === worth(ranked[0]));

  it('one spot alone worth the most: the panel opens there without a look-ahead, as the look-ahead would have', async () => {
    expect(alone.length).toBeGreaterThan(0);
    for (const { state, ranked } of alone) {
      const { bot, choose } = botWithLookAhead();
      expect(await openingSpot(bot, state, ranked)).toEqual(cursorOf(ranked[0]!));
      expect(choose).not.toHaveBeenCalled();
      // Without the look-ahead's spot (worth less), the normal player's is that one spot too.
      const normal = chooseAction(state, 'normal') as Extract<Action, { type: 'place' }>;
      expect(samePlacement(normal, ranked[0]!)).toBe(true);
    }
  });

  it('spots tied on points: the look-ahead chooses among them', async () => {
    expect(tied.length).toBeGreaterThan(0);
    for (const { state, ranked } of tied.slice(0, 3)) {
      const { bot, choose } = botWithLookAhead();
      const at = await openingSpot(bot, state, ranked);
      expect(choose).toHaveBeenCalledOnce();
      const spot = ranked.find((c) => at !== null && sameCursor(cursorOf(c), at));
      expect(worth(spot)).toBe(worth(ranked[0]));
    }
  });

  it('a panel opened again from the same state asks the look-ahead once, and opens on the same spot', async () => {
    // A game of its own: no other test has asked from its states.
    const again = placements(newGame(Array(setUp.players).fill('normal'), `again ${setUp.name}`, setUp.options));
    const { state, ranked } = again.find((p) => worth(p.ranked[1]) === worth(p.ranked[0]))!;
    const { bot, choose } = botWithLookAhead();
    const first = await openingSpot(bot, state, ranked);
    expect(await openingSpot(bot, structuredClone(state), ranked)).toEqual(first);
    expect(choose).toHaveBeenCalledOnce();
  });
});
