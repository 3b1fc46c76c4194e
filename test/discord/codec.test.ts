/** custom_ids: every button decodes back to what built it; anything else decodes to nothing. */
import { describe, expect, it } from 'vitest';
import { AI_LEVELS, DOMINO_COUNT } from '../../src/game/index.js';
import {
  cursorCells,
  cursorOf,
  decode,
  encode,
  type ClickAction,
  type Cursor,
} from '../../src/discord/messages/codec.js';
import { CUSTOM_ID_MAX } from '../../src/discord/wire/limits.js';

const at: Cursor = { x: -2, y: 3, r: 1 };

const EVERY_VERB: readonly ClickAction[] = [
  { verb: 'join' },
  { verb: 'leave' },
  { verb: 'remove-ai' },
  { verb: 'start' },
  { verb: 'cancel' },
  { verb: 'rematch' },
  ...AI_LEVELS.map((level) => ({ verb: 'add-ai', level }) as const),
  { verb: 'your-turn', turn: 12 },
  { verb: 'preview', turn: 3, slot: 'rotate', at, hint: null },
  { verb: 'preview', turn: 3, slot: 'here', at, hint: { x: 0, y: -1, r: 3 } },
  { verb: 'hint', turn: 4, at },
  { verb: 'hint', turn: 4, at: null },
  { verb: 'confirm', turn: 5, at },
  { verb: 'discard', turn: 6 },
  { verb: 'pick', turn: 7, placed: { kind: 'place', ...cursorCells(at) }, domino: DOMINO_COUNT },
  { verb: 'pick', turn: 7, placed: { kind: 'discard' }, domino: 1 },
  { verb: 'pick', turn: 0, placed: { kind: 'none' }, domino: 20 },
  { verb: 'back', player: 3 },
  { verb: 'rematch-here' },
  { verb: 'manage-seat', table: '1234567890123456789' },
  { verb: 'replace-seat', table: '1234567890123456789', player: 0 },
  { verb: 'restore-seat', table: '12345678901234567890', player: 2 },
  { verb: 'make-host', table: '1', player: 1 },
  { verb: 'games-page', page: 0, all: true },
  { verb: 'games-page', page: 12, all: false },
  { verb: 'clock', table: '1', pause: true },
  { verb: 'clock', table: '1', pause: false },
  { verb: 'replay', game: 1 },
  { verb: 'replay', game: 3 },
  { verb: 'replay-view', game: 1 },
  { verb: 'replay-view', game: 3 },
  { verb: 'replay-step', table: '12345678901234567890', game: 3, move: 10_000, slot: 'round-back' },
  { verb: 'replay-step', table: '1', game: 1, move: 0, slot: 'prev' },
  { verb: 'replay-step', table: '1', game: 2, move: 17, slot: 'next' },
  { verb: 'replay-step', table: '1', game: 1, move: 48, slot: 'round-on' },
  { verb: 'review-list', table: '12345678901234567890', game: 3, page: 0, slot: 'open' },
  { verb: 'review-list', table: '1', game: 1, page: 2, slot: 'prev' },
  { verb: 'review-list', table: '1', game: 1, page: 10_000, slot: 'next' },
  { verb: 'daily', click: { verb: 'pick', turn: 7, placed: { kind: 'place', ...cursorCells(at) }, domino: 48 } },
  { verb: 'daily', click: { verb: 'preview', turn: 3, slot: 'here', at, hint: null } },
  { verb: 'daily', click: { verb: 'spot', turn: 1, hint: null } },
  { verb: 'daily-share', day: 27 },
  { verb: 'unseen', turn: 0 },
  { verb: 'unseen', turn: 10_000 },
  { verb: 'unseen-of', table: '12345678901234567890', turn: 10_000 },
  { verb: 'unseen-of', table: '1', turn: 5 },
  { verb: 'away', table: '1234567890123456789', click: { verb: 'your-turn', turn: 12 } },
  { verb: 'away', table: '1', click: { verb: 'spot', turn: 3, hint: null } },
  { verb: 'away', table: '1', click: { verb: 'discard', turn: 6 } },
  // The longest custom_id there is: the longest panel click (a pick placing, at the last turns) away from a 20-digit table.
  {
    verb: 'away',
    table: '12345678901234567890',
    click: {
      verb: 'preview',
      turn: 10_000,
      slot: 'here',
      at: { x: -6, y: -6, r: 3 },
      hint: { x: -6, y: -6, r: 3 },
    },
  },
  {
    verb: 'away',
    table: '12345678901234567890',
    click: {
      verb: 'pick',
      turn: 10_000,
      placed: { kind: 'place', ...cursorCells({ x: -6, y: -6, r: 3 }) },
      domino: 48,
    },
  },
];

describe('the custom_id codec', () => {
  it.each(EVERY_VERB.map((a) => [encode(a), a] as const))('%s decodes back to what built it', (id, action) => {
    expect(id.length).toBeLessThanOrEqual(CUSTOM_ID_MAX);
    expect(decode(id)).toEqual(action);
  });

  it.each([
    ['another prefix', 'k0:j'],
    ['an unknown verb', 'k1:z'],
    ['a missing turn', 'k1:y'],
    ['an extra field', 'k1:j:1'],
    ['a negative turn', 'k1:y:-1'],
    ['a turn that is no number', 'k1:y:1e3'],
    ['a level we do not have', 'k1:a:insane'],
    ['a domino past the last', `k1:k:1:-:${DOMINO_COUNT + 1}`],
    ['domino 0', 'k1:k:1:-:0'],
    ['a cell off every kingdom', 'k1:p:1:7.0.0'],
    ['a direction past 3', 'k1:p:1:0.0.4'],
    ['a cursor with two parts', 'k1:p:1:0.0'],
    ['an unknown panel slot', 'k1:v:1:Q:0.0.0:-'],
    ['a broken hint', 'k1:v:1:N:0.0.0:x'],
    ['an over-long id', `k1:j${':'.repeat(CUSTOM_ID_MAX)}`],
    ['nothing', ''],
    ['a replay of a fourth game', 'k1:g:4'],
    ['a replay of no game', 'k1:g'],
    ['a fifth seat', 'k1:ib:4'],
    ['a step-through of a fourth game', 'k1:gv:4'],
    ['a viewer step without its table', 'k1:gs:1:5:N'],
    ['a viewer step of a table that is no snowflake', 'k1:gs:abc:1:5:N'],
    ['a viewer step of game 0', 'k1:gs:1:0:5:N'],
    ['a viewer step to a negative move', 'k1:gs:1:1:-1:N'],
    ['a viewer step with an unknown slot', 'k1:gs:1:1:5:Q'],
    ['a viewer step with an extra field', 'k1:gs:1:1:5:N:1'],
    ['a table that is no snowflake', 'k1:mr:abc:1'],
    ['a menu button without its seat', 'k1:mh:123'],
    ['a daily click that is no panel click', 'k1:dl:j'],
    ['a daily click of a daily click', 'k1:dl:dl:d:1'],
    ['a share of day 0', 'k1:ds:0'],
    ['an away click without its table', 'k1:aw:y:3'],
    ['an away click of a table that is no snowflake', 'k1:aw:abc:y:3'],
    ['an away click of no click', 'k1:aw:123'],
    ['Left to come without its turn', 'k1:lc'],
    ['Left to come on a panel without its table', 'k1:lo:5'],
    ['Left to come on a panel of a table that is no snowflake', 'k1:lo:abc:5'],
    ['Left to come on a panel with an extra field', 'k1:lo:1:5:1'],
    ['an away lobby click', 'k1:aw:123:j'],
    ['an away menu click', 'k1:aw:123:mc:123:1'],
    ['an away click within an away click', 'k1:aw:123:aw:123:y:3'],
    ['an away click with a broken click', 'k1:aw:123:y:-1'],
  ])('refuses %s', (_what, id) => {
    expect(decode(id)).toBeNull();
  });

  it('turns a cursor into the cells it covers and back, in every direction', () => {
    for (const r of [0, 1, 2, 3] as const) {
      const c: Cursor = { x: 1, y: -1, r };
      const cells = cursorCells(c);
      expect(cursorOf(cells)).toEqual(c);
      expect(Math.abs(cells.b[0] - cells.a[0]) + Math.abs(cells.b[1] - cells.a[1])).toBe(1);
    }
    expect(cursorCells({ x: 0, y: 0, r: 0 }).b).toEqual([1, 0]);
    expect(cursorCells({ x: 0, y: 0, r: 1 }).b).toEqual([0, 1]);
  });
});
