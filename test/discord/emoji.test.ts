/**
 * Which emoji stands for a terrain or the crown: the application's own (the tiles'
 * art) once fetched, in text as `<:name:id>` and on the Take buttons as their
 * `emoji`; the Unicode look-alikes before any deploy. Button labels and menu
 * options, where Discord draws no custom emoji, then name the terrain in words.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { APIButtonComponentWithCustomId as Button } from 'discord-api-types/v10';
import type { BaseMessageOptions } from 'discord.js';
import {
  apply,
  createGame,
  domino,
  judgePlacement,
  prompt,
  rankedCandidates,
  type GameState,
} from '../../src/game/index.js';
import { artOf, EMOJI_ARTS, emojiName, useAppEmojis, type AppEmoji } from '../../src/discord/messages/emoji.js';
import { cursorOf } from '../../src/discord/messages/codec.js';
import { panelView, pickView } from '../../src/discord/messages/panel.js';
import { dominoLabel } from '../../src/discord/messages/text.js';

const PICTURE = { png: Buffer.from('png'), alt: 'A picture.' };

/** The app's emojis as a deploy leaves them: one per art, ids in order. */
const UPLOADED: AppEmoji[] = EMOJI_ARTS.map((art, i) => ({
  id: String(1_300_000_000_000_000_000n + BigInt(i)),
  name: emojiName(art, Buffer.from(art)),
}));

function buttons(message: BaseMessageOptions): Button[] {
  return (message.components ?? []).flatMap((row) =>
    'components' in row ? ((row as { components: unknown[] }).components as Button[]) : [],
  );
}

function opening(): GameState {
  const made = createGame({
    seats: [
      { name: 'Ana', kind: 'human' },
      { name: 'Ben', kind: 'human' },
    ],
    seed: 'emoji',
  });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

/** A two-player game after the opening picks: the first panel with something to place. */
function firstPlacement() {
  let game = opening();
  for (let p = prompt(game); p.kind === 'claim'; p = prompt(game)) {
    const next = apply(game, { type: 'claim', player: p.player, domino: p.choices[0]! });
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  const asked = prompt(game);
  if (asked.kind !== 'place') throw new Error('a placement was expected');
  const ranked = rankedCandidates(game);
  return panelView({
    game,
    domino: asked.domino,
    at: cursorOf(ranked[0]!),
    candidate: judgePlacement(game, ranked[0]!.a, ranked[0]!.b),
    ranked,
    choices: game.next.map((slot) => slot.domino),
    hint: null,
    hintUsed: false,
    preview: PICTURE,
  });
}

describe('terrain and crown emojis', () => {
  afterEach(() => useAppEmojis([]));

  it('knows our emojis by name and ignores any other of the application', () => {
    expect(artOf('kd_grassland_1a2b')).toBe('grassland');
    expect(artOf('kd_crown_0f0f')).toBe('crown');
    for (const foreign of ['party_parrot', 'kd_castle_1a2b', 'kd_lake', 'xkd_lake_1a2b', 'kd_lake_1A2B'])
      expect(artOf(foreign)).toBeNull();
    expect(emojiName('lake', Buffer.from('a'))).not.toBe(emojiName('lake', Buffer.from('b')));
    expect(emojiName('grassland', Buffer.alloc(1)).length).toBeLessThanOrEqual(32);
  });

  it('says a domino with the Unicode look-alikes before a deploy, and puts no emoji on a button', () => {
    const grassland = [...Array(48).keys()].map((i) => i + 1).find((n) => domino(n).a.terrain === 'grassland')!;
    expect(dominoLabel(grassland)).toMatch(/^#\d+ 🐑 Grassland/);
    const panel = firstPlacement();
    expect(panel.content).toMatch(/🌾|🌲|🌊|🐑|🐸|⛏️/);
    for (const b of buttons(panel)) expect(b).not.toHaveProperty('emoji');
  });

  it("says it with the tiles' art after a deploy: in text, and as the Take buttons' emoji", () => {
    useAppEmojis([...UPLOADED, { id: '1', name: 'party_parrot' }]);
    const grass = UPLOADED[EMOJI_ARTS.indexOf('grassland')]!;
    const n = [...Array(48).keys()].map((i) => i + 1).find((k) => domino(k).a.terrain === 'grassland')!;
    expect(dominoLabel(n)).toContain(`<:${grass.name}:${grass.id}> Grassland`);
    const panel = firstPlacement();
    expect(panel.content).not.toMatch(/🌾|🌲|🌊|🐑|🐸|⛏️/);
    expect(panel.content).toMatch(/<:kd_[a-z]+_[0-9a-f]{4}:\d+>/);
    const takes = buttons(panel).filter((b) => 'custom_id' in b && b.custom_id.startsWith('k1:k:'));
    expect(takes.length).toBeGreaterThan(0);
    for (const b of takes) {
      expect(UPLOADED).toContainEqual(b.emoji);
      // A label cannot draw the art: words, and no look-alike to contradict the emoji beside it.
      expect(b.label).not.toMatch(/🌾|🌲|🌊|🐑|🐸|⛏️/);
    }
    // The menu's options are plain text as well.
    const menu = JSON.stringify(panel.components?.[0]);
    expect(menu).not.toMatch(/🌾|🌲|🌊|🐑|🐸|⛏️|<:/);
  });

  it('takes the newest of two emojis of one art (a deploy stopped between upload and delete)', () => {
    const older = { id: '100', name: 'kd_lake_aaaa' };
    const newer = { id: '200', name: 'kd_lake_bbbb' };
    useAppEmojis([newer, older]);
    const lakeDomino = [...Array(48).keys()].map((i) => i + 1).find((k) => domino(k).a.terrain === 'lake')!;
    expect(dominoLabel(lakeDomino)).toContain('<:kd_lake_bbbb:200>');
    // The others keep their look-alikes.
    const start = opening();
    const p = prompt(start);
    if (p.kind !== 'claim') throw new Error('the opening is a pick');
    const pick = pickView({ game: start, placed: { kind: 'none' }, inHand: null, candidate: null, choices: p.choices });
    for (const b of buttons(pick)) {
      const d = domino(Number(/#(\d+)/.exec(b.label ?? '')?.[1]));
      const tile = d.b.crowns > d.a.crowns ? d.b.terrain : d.a.terrain;
      if (tile === 'lake') expect(b.emoji).toEqual(newer);
      else expect(b).not.toHaveProperty('emoji');
    }
  });
});
