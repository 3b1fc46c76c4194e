/** A league's posts for 256 players (src/discord/messages/league.ts): every word fits Discord's messages. */
import { expect, it } from 'vitest';
import { NO_VARIANTS } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';
import { pairingsPosts, signupView, standingsText, whyText } from '../../src/discord/messages/league.js';
import { CONTENT_MAX } from '../../src/discord/wire/limits.js';

function big(players: number): table.League {
  let league = table.newLeague({
    id: 'L',
    guildId: 'g',
    channelId: 'c',
    name: 'Grand League',
    createdBy: 'm',
    now: 0,
    rules: {
      size: '3or4',
      format: 'swiss',
      rounds: 5,
      cap: 256,
      roundMs: 1,
      settings: { ...NO_VARIANTS, turnTimerS: 0 },
    },
  });
  for (let i = 0; i < players; i++) {
    const joined = table.joinLeague(league, `1000000000000${100 + i}`, `Player ${i}`);
    if (joined.ok) league = joined.value;
  }
  return league;
}

it('names the latest sign-ups of a 256-player league and counts the others, in one message', () => {
  const view = signupView(big(256));
  expect(view.content!.length).toBeLessThanOrEqual(CONTENT_MAX);
  expect(view.content).toMatch(/Signed up \(256\/256\)\*\*: 206 earlier, <@/);
  expect(view.content).toContain('<@1000000000000355>');
});

it("posts a 256-player round's 64 tables in as many messages as they need, each player once", () => {
  const seated = table.seatNextRound(big(256), 0);
  if (!seated.ok) throw new Error(seated.refusal);
  const posts = pairingsPosts(seated.value);
  expect(posts.length).toBeGreaterThan(1);
  for (const post of posts) expect(post.length).toBeLessThanOrEqual(CONTENT_MAX);
  const text = posts.join('\n');
  expect(text.match(/^Table \d+: /gm)).toHaveLength(64);
  const mentioned = [...text.matchAll(/<@(\d+)>/g)].map((m) => m[1]);
  expect(new Set(mentioned).size).toBe(256);
  expect(mentioned).toHaveLength(256);
  expect(standingsText(seated.value).length).toBeLessThanOrEqual(CONTENT_MAX);
  expect(whyText(seated.value, '1000000000000100')).toMatch(/^Round 1, table \d+: /);
});
