/** What the bot cuts to Discord's limits: texts, and the nonces that keep a retried post from posting twice. */
import { expect, it } from 'vitest';
import { cut, NONCE_MAX, nonceOf } from '../../src/discord/wire/limits.js';

it('a nonce fits Discord, is the same for the same post and differs between posts, tables and kinds', () => {
  const table = '1575031566873272320';
  const nonces = [
    nonceOf('', table, 1),
    nonceOf('', table, 2),
    nonceOf('', '1575031566873272321', 1),
    nonceOf('s', table, 1),
    nonceOf('s', table, 1, 1_764_000_000_000),
  ];
  expect(nonces.every((n) => n.length <= NONCE_MAX)).toBe(true);
  expect(new Set(nonces).size).toBe(nonces.length);
  expect(nonceOf('', table, 1)).toBe(nonces[0]);
});

it('a text over a limit is cut with an ellipsis, to the limit exactly', () => {
  expect(cut('Kingdomino', 20)).toBe('Kingdomino');
  expect(cut('Kingdomino', 6)).toBe('Kingd…');
});
