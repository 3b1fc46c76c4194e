/** custom_ids: every button decodes back to what built it; anything else decodes to nothing. */
import { describe, expect, it } from 'vitest';
import { AI_LEVELS, DOMINO_COUNT } from '../../src/game/index.js';
import {
  CLICKS,
  cursorCells,
  cursorOf,
  decode,
  encode,
  type ClickAction,
  type Cursor,
} from '../../src/discord/messages/codec.js';
import { CUSTOM_ID_MAX } from '../../src/discord/wire/limits.js';

/**
 * Buttons as the codec wrote them, some already posted in Discord: each id must keep
 * decoding to the same click, and each click keep its id, whatever the code becomes.
 * One of every verb at least; the last ones are the longest ids there are (the longest
 * panel clicks at the last turns, away from a 20-digit table).
 */
const POSTED: readonly (readonly [id: string, action: ClickAction])[] = [
  ['k1:j', { verb: 'join' }],
  ['k1:l', { verb: 'leave' }],
  ['k1:x', { verb: 'remove-ai' }],
  ['k1:s', { verb: 'start' }],
  ['k1:c', { verb: 'cancel' }],
  ['k1:r', { verb: 'rematch' }],
  ['k1:a:easy', { verb: 'add-ai', level: 'easy' }],
  ['k1:a:normal', { verb: 'add-ai', level: 'normal' }],
  ['k1:a:hard', { verb: 'add-ai', level: 'hard' }],
  ['k1:y:12', { verb: 'your-turn', turn: 12 }],
  ['k1:v:3:O:-2.3.1:-', { verb: 'preview', turn: 3, slot: 'rotate', at: { x: -2, y: 3, r: 1 }, hint: null }],
  [
    'k1:v:3:H:-2.3.1:0.-1.3',
    { verb: 'preview', turn: 3, slot: 'here', at: { x: -2, y: 3, r: 1 }, hint: { x: 0, y: -1, r: 3 } },
  ],
  ['k1:h:4:-2.3.1', { verb: 'hint', turn: 4, at: { x: -2, y: 3, r: 1 } }],
  ['k1:h:4:-', { verb: 'hint', turn: 4, at: null }],
  ['k1:p:5:-2.3.1', { verb: 'confirm', turn: 5, at: { x: -2, y: 3, r: 1 } }],
  ['k1:d:6', { verb: 'discard', turn: 6 }],
  ['k1:k:7:-2.3.1:48', { verb: 'pick', turn: 7, placed: { kind: 'place', a: [-2, 3], b: [-2, 4] }, domino: 48 }],
  ['k1:k:7:d:1', { verb: 'pick', turn: 7, placed: { kind: 'discard' }, domino: 1 }],
  ['k1:k:0:-:20', { verb: 'pick', turn: 0, placed: { kind: 'none' }, domino: 20 }],
  ['k1:ib:3', { verb: 'back', player: 3 }],
  ['k1:rh', { verb: 'rematch-here' }],
  ['k1:ms:1234567890123456789', { verb: 'manage-seat', table: '1234567890123456789' }],
  ['k1:mr:1234567890123456789:0', { verb: 'replace-seat', table: '1234567890123456789', player: 0 }],
  ['k1:mb:12345678901234567890:2', { verb: 'restore-seat', table: '12345678901234567890', player: 2 }],
  ['k1:mh:1:1', { verb: 'make-host', table: '1', player: 1 }],
  ['k1:gp:0:1', { verb: 'games-page', page: 0, all: true }],
  ['k1:gp:12:0', { verb: 'games-page', page: 12, all: false }],
  ['k1:mc:1:1', { verb: 'clock', table: '1', pause: true }],
  ['k1:mc:1:0', { verb: 'clock', table: '1', pause: false }],
  ['k1:g:1', { verb: 'replay', game: 1 }],
  ['k1:g:3', { verb: 'replay', game: 3 }],
  ['k1:gv:1', { verb: 'replay-view', game: 1 }],
  ['k1:gv:3', { verb: 'replay-view', game: 3 }],
  [
    'k1:gs:12345678901234567890:3:10000:B',
    { verb: 'replay-step', table: '12345678901234567890', game: 3, move: 10000, slot: 'round-back' },
  ],
  ['k1:gs:1:1:0:P', { verb: 'replay-step', table: '1', game: 1, move: 0, slot: 'prev' }],
  ['k1:gs:1:2:17:N', { verb: 'replay-step', table: '1', game: 2, move: 17, slot: 'next' }],
  ['k1:gs:1:1:48:F', { verb: 'replay-step', table: '1', game: 1, move: 48, slot: 'round-on' }],
  [
    'k1:wl:12345678901234567890:3:0:O',
    { verb: 'review-list', table: '12345678901234567890', game: 3, page: 0, slot: 'open' },
  ],
  ['k1:wl:1:1:2:P', { verb: 'review-list', table: '1', game: 1, page: 2, slot: 'prev' }],
  ['k1:wl:1:1:10000:N', { verb: 'review-list', table: '1', game: 1, page: 10000, slot: 'next' }],
  [
    'k1:dl:k:7:-2.3.1:48',
    { verb: 'daily', click: { verb: 'pick', turn: 7, placed: { kind: 'place', a: [-2, 3], b: [-2, 4] }, domino: 48 } },
  ],
  [
    'k1:dl:v:3:H:-2.3.1:-',
    { verb: 'daily', click: { verb: 'preview', turn: 3, slot: 'here', at: { x: -2, y: 3, r: 1 }, hint: null } },
  ],
  ['k1:dl:m:1:-', { verb: 'daily', click: { verb: 'spot', turn: 1, hint: null } }],
  ['k1:ds:27', { verb: 'daily-share', day: 27 }],
  ['k1:lc:0', { verb: 'unseen', turn: 0 }],
  ['k1:lc:10000', { verb: 'unseen', turn: 10000 }],
  ['k1:lo:12345678901234567890:10000', { verb: 'unseen-of', table: '12345678901234567890', turn: 10000 }],
  ['k1:lo:1:5', { verb: 'unseen-of', table: '1', turn: 5 }],
  ['k1:tt:12345678901234567890:7', { verb: 'table-turn', table: '12345678901234567890', turn: 7 }],
  ['k1:tw:123', { verb: 'table-show', table: '123' }],
  ['k1:tr:123:1', { verb: 'table-review', table: '123', game: 1 }],
  ['k1:tg:123:3', { verb: 'table-replay', table: '123', game: 3 }],
  ['k1:tb:123:2', { verb: 'table-back', table: '123', player: 2 }],
  ['k1:tm:123', { verb: 'table-rematch', table: '123' }],
  [
    'k1:aw:1234567890123456789:y:12',
    { verb: 'away', table: '1234567890123456789', click: { verb: 'your-turn', turn: 12 } },
  ],
  ['k1:aw:1:m:3:-', { verb: 'away', table: '1', click: { verb: 'spot', turn: 3, hint: null } }],
  ['k1:aw:1:d:6', { verb: 'away', table: '1', click: { verb: 'discard', turn: 6 } }],
  [
    'k1:aw:12345678901234567890:v:10000:H:-6.-6.3:-6.-6.3',
    {
      verb: 'away',
      table: '12345678901234567890',
      click: { verb: 'preview', turn: 10000, slot: 'here', at: { x: -6, y: -6, r: 3 }, hint: { x: -6, y: -6, r: 3 } },
    },
  ],
  [
    'k1:aw:12345678901234567890:k:10000:-6.-6.3:48',
    {
      verb: 'away',
      table: '12345678901234567890',
      click: { verb: 'pick', turn: 10000, placed: { kind: 'place', a: [-6, -6], b: [-6, -7] }, domino: 48 },
    },
  ],
  ['k1:m:3:-', { verb: 'spot', turn: 3, hint: null }],
  ['k1:m:3:-2.3.1', { verb: 'spot', turn: 3, hint: { x: -2, y: 3, r: 1 } }],
  ['k1:u:4', { verb: 'undo', turn: 4 }],
  ['k1:w:2', { verb: 'review', game: 2 }],
  ['k1:ib:0', { verb: 'back', player: 0 }],
  ['k1:aw:1:u:4', { verb: 'away', table: '1', click: { verb: 'undo', turn: 4 } }],
  ['k1:aw:1:h:4:-', { verb: 'away', table: '1', click: { verb: 'hint', turn: 4, at: null } }],
  ['k1:dl:p:5:-2.3.1', { verb: 'daily', click: { verb: 'confirm', turn: 5, at: { x: -2, y: 3, r: 1 } } }],
  ['k1:dl:d:6', { verb: 'daily', click: { verb: 'discard', turn: 6 } }],
  ['k1:dl:k:7:d:2', { verb: 'daily', click: { verb: 'pick', turn: 7, placed: { kind: 'discard' }, domino: 2 } }],
  ['k1:mc:42:0', { verb: 'clock', table: '42', pause: false }],
  ['k1:pa', { verb: 'plan' }],
  ['k1:po:42', { verb: 'plan-of', table: '42' }],
  [
    'k1:pi:42:k:0:1.0.0:37',
    {
      verb: 'plan-in',
      table: '42',
      click: { verb: 'pick', turn: 0, placed: { kind: 'place', a: [1, 0], b: [2, 0] }, domino: 37 },
    },
  ],
  ['k1:pe:42:22', { verb: 'plan-else', table: '42', domino: 22 }],
  ['k1:pe:42:-', { verb: 'plan-else', table: '42', domino: null }],
  ['k1:px:42', { verb: 'plan-drop', table: '42' }],
  ['k1:ob', { verb: 'board' }],
  ['k1:oh', { verb: 'board-here' }],
  ['k1:lj', { verb: 'league-join' }],
  ['k1:ll', { verb: 'league-leave' }],
];

describe('the custom_id codec', () => {
  it.each(POSTED)('%s decodes to the click that built it, and back', (id, action) => {
    expect(id.length).toBeLessThanOrEqual(CUSTOM_ID_MAX);
    expect(decode(id)).toEqual(action);
    expect(encode(action)).toBe(id);
  });

  it('has a button of every kind of click declared, each with a code of its own', () => {
    expect(new Set(POSTED.map(([, action]) => action.verb))).toEqual(new Set(Object.keys(CLICKS)));
    const codes = Object.values(CLICKS).map((click) => click.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('offers every computer level', () => {
    for (const level of AI_LEVELS) expect(decode(encode({ verb: 'add-ai', level }))).toEqual({ verb: 'add-ai', level });
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
