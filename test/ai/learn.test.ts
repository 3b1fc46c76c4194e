/**
 * Learning the playout policy from the search's choices (learn.ts): what a choice
 * records, and that the fit finds the weights choices were made with.
 */
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../src/ai/index.js';
import { fitChoices, logLikelihood, placementChoice, type Choice } from '../../src/ai/learn.js';
import { makeRng, type Rng } from '../../src/ai/rng.js';
import { legalPlacements, prompt, publicView, type AiLevel, type GameState } from '../../src/game/index.js';
import { advance, newGame } from './support.js';

/** Placements drawn at random, one chosen with softmax odds under `weights`. */
function simulatedChoice(rng: Rng, weights: readonly number[]): Choice {
  const features = Array.from({ length: 2 + rng.int(10) }, () => [rng.int(7), rng.int(5), rng.int(3)]);
  const odds = features.map((f) => Math.exp(f.reduce((s, x, j) => s + x * (weights[j] as number), 0)));
  let draw = (rng.next() / 2 ** 32) * odds.reduce((a, b) => a + b, 0);
  const chosen = odds.findIndex((o) => (draw -= o) < 0);
  return { features, chosen: chosen < 0 ? features.length - 1 : chosen };
}

describe('learning from the search', () => {
  it('finds the weights choices were made with', () => {
    const truth = [0.6, 0.9, -2];
    const rng = makeRng(7);
    const choices = Array.from({ length: 3000 }, () => simulatedChoice(rng, truth));
    const fit = fitChoices(choices);
    fit.weights.forEach((w, j) => expect(w).toBeCloseTo(truth[j] as number, 0));
    expect(fit.logLikelihood).toBeGreaterThan(logLikelihood(choices, [0, 0, 0]));
  });

  it("records every legal placement and the one played, the normal level's being the most points", () => {
    const levels: AiLevel[] = ['normal', 'normal', 'normal'];
    let s: GameState = newGame(levels, 'learn');
    let seen = 0;
    for (let step = 0; step < 40; step++, s = advance(s, levels, 1)) {
      const asked = prompt(s);
      if (asked.kind === 'over') break;
      const choice = placementChoice(publicView(s), asked, chooseAction(s, 'normal', { seed: step }));
      if (asked.kind !== 'place') {
        expect(choice).toBeNull();
        continue;
      }
      if (!choice) continue;
      seen++;
      expect(choice.features).toHaveLength(legalPlacements(s).length);
      const points = choice.features.map((f) => f[0] as number);
      expect(choice.features[choice.chosen]?.[0]).toBe(Math.max(...points));
    }
    expect(seen).toBeGreaterThan(10);
  });
});
