import { loadImage, createCanvas } from '@napi-rs/canvas';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  boxRound,
  createGame,
  judgePlacement,
  legalPlacements,
  namingWindow,
  prompt,
  windowCols,
  windowRows,
  type GameState,
  type Pos,
} from '../../src/game/index.js';
import {
  dynastySheetView,
  pictureName,
  players,
  previewView,
  recentPlacements,
  scoreSheetView,
  tableView,
} from '../../src/render/adapter.js';
import { cellOrigin } from '../../src/render/draw.js';
import { probeSizes } from '../../src/render/probe.js';
import { inLocale } from '../../src/i18n/index.js';
import { inWindow } from '../../src/game/index.js';
import {
  draw,
  playerMarker,
  renderDynastySheet,
  renderPreview,
  renderScoreSheet,
  renderTable,
} from '../../src/render/index.js';
import { dynastySize } from '../../src/render/dynasty.js';
import { TERRAIN, UI, playerColour } from '../../src/render/palette.js';
import { previewSize, layoutPreview } from '../../src/render/preview.js';
import { SHEET_WIDTH, layoutScoreSheet } from '../../src/render/scoresheet.js';
import { dominoSpot, drawTable, kingSpot, layoutTable, tableShape, tableSize } from '../../src/render/table.js';
import type { TableView } from '../../src/render/view.js';
import { midGame, newGame, play, playDynasty, type Setup } from './games.js';

const SETUPS: readonly Setup[] = ['2p', '3p', '3p-classic', '4p', 'duel'];
const PLAYERS: Readonly<Record<Setup, number>> = { '2p': 2, '3p': 3, '3p-classic': 3, '4p': 4, duel: 2 };

/** The image data of a PNG (all IDAT chunks, joined). */
function idat(png: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) {
    if (png.subarray(at + 4, at + 8).toString('latin1') === 'IDAT')
      parts.push(png.subarray(at + 8, at + 8 + png.readUInt32BE(at)));
  }
  return Buffer.concat(parts);
}

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Decodes a PNG (as a viewer would) and returns a pixel reader. */
async function pixels(png: Buffer): Promise<(x: number, y: number) => string> {
  const img = await loadImage(png);
  const canvas = createCanvas(img.width, img.height);
  const c = canvas.getContext('2d');
  c.drawImage(img, 0, 0);
  const data = c.getImageData(0, 0, img.width, img.height).data;
  return (x, y) => {
    const i = (Math.round(y) * img.width + Math.round(x)) * 4;
    const hex = (k: number): string => data[i + k]!.toString(16).padStart(2, '0');
    return `#${hex(0)}${hex(1)}${hex(2)}`.toUpperCase();
  };
}

/** A point of a square showing the bare terrain colour (left edge, under the crowns: no pattern there). */
function bareSpot(origin: Pos, cell: number): Pos {
  return [origin[0] + cell * 0.09, origin[1] + cell * 0.66];
}

const stages = (setup: Setup): [string, GameState][] => [
  ['start', newGame(setup)],
  ['middle', midGame(setup)],
  ['end', play(newGame(setup))],
];

describe('picture sizes for every set-up', () => {
  for (const setup of SETUPS) {
    it(`${setup}: table at start, middle and end, preview and score sheet`, async () => {
      const sizes = new Set<string>();
      for (const [, state] of stages(setup)) {
        const png = await renderTable(state);
        const size = pngSize(png);
        expect(size).toEqual(tableSize({ players: PLAYERS[setup], chips: setup === 'duel' || setup === '3p-classic' }));
        sizes.add(JSON.stringify(size));
        expect(png.length).toBeLessThan(512 * 1024);
      }
      // One size for a whole game: Discord keeps the picture's place from one move to the next.
      expect(sizes.size).toBe(1);
      expect(pngSize(await renderPreview(newGame(setup), null))).toEqual(previewSize());
      expect(pngSize(await renderPreview(midGame(setup), null))).toEqual(previewSize());
      const end = play(newGame(setup));
      const sheet = pngSize(await renderScoreSheet(end));
      expect(sheet).toEqual({ width: SHEET_WIDTH, height: layoutScoreSheet(scoreSheetView(end)).height });
      // Not a thin strip, nor too tall for a phone's chat.
      expect(sheet.height / sheet.width).toBeGreaterThan(0.9);
      expect(sheet.height / sheet.width).toBeLessThan(1.2);
    });
  }
});

describe('what the table shows', () => {
  it('a table drawn in German after the same table in English shows German on every kingdom', () => {
    const state = midGame('3p');
    const uncached = inLocale('de', () => {
      let canvas: ReturnType<typeof draw.table> | undefined;
      probeSizes(() => (canvas = draw.table(state)));
      return canvas!.data();
    });
    // Twice: the second keeps its panels even under a load (the first may draw them in place).
    draw.table(state);
    draw.table(state);
    const german = inLocale('de', () => draw.table(state).data());
    expect(german.equals(uncached)).toBe(true);
  });

  it('a table is the same whether its panels are drawn in place or kept', () => {
    // The 2-player Dynasty table: a panel kept and blitted there differed by a shade on a few edge pixels (a panel is now replayed).
    const dynasty = playDynasty(2);
    const tables = [() => draw.table(midGame('4p')), () => draw.table(dynasty.games[1]!, { dynasty })];
    for (const table of tables) {
      let inPlace: ReturnType<typeof draw.table> | undefined;
      probeSizes(() => (inPlace = table()));
      const pixels = inPlace!.data();
      for (let i = 0; i < 3; i++) expect(table().data().equals(pixels)).toBe(true);
    }
  });

  it('a placed square shows its terrain colour where the layout puts it', async () => {
    const state = midGame('4p');
    const read = await pixels(await renderTable(state));
    const layout = layoutTable(tableView(state));
    let checked = 0;
    for (const panel of layout.panels) {
      for (const placed of panel.kingdom.placed) {
        // Recent placements wear an outline and a number.
        if (panel.kingdom.recent.some((r) => r.domino === placed.domino.n)) continue;
        const g = panel.geometry;
        expect(read(...bareSpot(cellOrigin(g, placed.a), g.cell))).toBe(TERRAIN[placed.domino.a.terrain].base);
        expect(read(...bareSpot(cellOrigin(g, placed.b), g.cell))).toBe(TERRAIN[placed.domino.b.terrain].base);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("a claimed domino shows its king in the claiming player's colour", async () => {
    const state = midGame('4p');
    const read = await pixels(await renderTable(state));
    const layout = layoutTable(tableView(state));
    const next = layout.lines[1]!;
    const claimed = next.slots.map((s, i) => ({ s, card: next.cards[i]! })).filter(({ s }) => s.king !== null);
    expect(claimed.length).toBeGreaterThan(0);
    for (const { s, card } of claimed) {
      const k = kingSpot(card, next.square);
      expect(read(k.x - k.r * 0.7, k.y)).toBe(playerColour(s.king!.index));
    }
    for (const { s, card } of next.slots
      .map((s, i) => ({ s, card: next.cards[i]! }))
      .filter(({ s }) => s.king === null)) {
      const k = kingSpot(card, next.square);
      expect(read(k.x - k.r * 0.7, k.y)).toBe(UI.panel);
      const d = dominoSpot(card, next.square);
      expect(read(...bareSpot([d.x, d.y], next.square))).toBe(TERRAIN[s.domino.a.terrain].base);
    }
  });

  it("an empty king's place looks the same after a discarded domino as after a placed one", () => {
    const view = discardedThenWaiting();
    const next = layoutTable(view).lines[1]!;
    const k = kingSpot(next.cards[next.slots.findIndex((s) => s.king === null)]!, next.square);
    const place = (v: TableView) =>
      Buffer.from(
        drawTable(v)
          .getContext('2d')
          .getImageData(k.x - k.r - 4, k.y - k.r - 4, 2 * k.r + 8, 2 * k.r + 8).data,
      );
    const placed = view.current.map((s) => (s.status === 'discarded' ? { ...s, status: 'placed' as const } : s));
    expect(place(view).equals(place({ ...view, current: placed }))).toBe(true);
  });

  it('the player to move has a frame in their colour; the others none', async () => {
    const state = midGame('4p');
    const p = prompt(state);
    if (p.kind === 'over') throw new Error('game over');
    const read = await pixels(await renderTable(state));
    for (const panel of layoutTable(tableView(state)).panels) {
      const edge = read(panel.box.x + 3, panel.box.y + panel.box.h / 2);
      expect(edge === playerColour(panel.kingdom.player.index)).toBe(panel.kingdom.player.index === p.player);
    }
  });

  it('3 players: the domino nobody claimed is shown as unclaimed (not as a discard)', () => {
    const state = midGame('3p');
    const current = tableView(state).current;
    expect(current).toHaveLength(4);
    expect(current.filter((s) => s.status === 'unclaimed')).toHaveLength(1);
    expect(current.map((s) => s.domino.n)).toEqual([...current.map((s) => s.domino.n)].sort((a, b) => a - b));
  });

  it('rounds as the box counts them: the opening picks, then round 1 of 12 (6 with 2 players)', () => {
    expect(tableView(newGame('4p')).round).toEqual({ round: 0, rounds: 12 });
    expect(tableView(midGame('4p')).round).toEqual(boxRound(midGame('4p')));
    expect(tableView(midGame('2p')).round.rounds).toBe(6);
    expect(tableView(midGame('duel')).round.rounds).toBe(12);
  });

  it('every placement since the turn before of the player to act is outlined, numbered in order', () => {
    for (const setup of SETUPS) {
      const state = midGame(setup);
      const p = prompt(state);
      if (p.kind === 'over') throw new Error('game over');
      const recent = recentPlacements(state, p);
      const lastOwn = state.events.findLastIndex((e) => 'player' in e && e.player === p.player);
      const since = state.events.slice(lastOwn + 1).filter((e) => e.type === 'place');
      expect(recent.map((r) => r.domino)).toEqual(
        since.length > 0 ? since.map((e) => e.type === 'place' && e.domino) : [recent[0]?.domino],
      );
      const shown = tableView(state).kingdoms.flatMap((k) => k.recent.map((r) => ({ ...r, player: k.player.index })));
      expect(shown.sort((a, b) => a.order - b.order).map((r) => r.domino)).toEqual(recent.map((r) => r.domino));
      expect(shown.every((r) => r.of === recent.length)).toBe(true);
    }
    // After two quick moves by others, both show: 4 players, mid-game, more than one new placement.
    expect(recentPlacements(midGame('4p')).length).toBeGreaterThan(1);
    // At the end: the last round's placements.
    const end = play(newGame('4p'));
    const lastClaim = end.events.findLastIndex((e) => e.type === 'claim');
    expect(recentPlacements(end).length).toBe(end.events.slice(lastClaim + 1).filter((e) => e.type === 'place').length);
  });

  it('a name the font cannot draw becomes its seat label, and every badge a seat number', () => {
    const made = createGame({
      seats: [
        { name: 'Alice', kind: 'human' },
        { name: '山田太郎', kind: 'human' },
        { name: '🐉🐉', kind: 'human' },
      ],
      seed: 'names',
    });
    if (!made.ok) throw new Error(made.error.message);
    const who = players(made.value);
    expect(who.map((p) => p.name)).toEqual(['Alice', 'Player 2', 'Player 3']);
    expect(who.map((p) => p.badge)).toEqual(['1', '2', '3']);
    expect(pictureName('山田 Taro', 1)).toBe('Taro');
    expect(players(newGame('4p')).map((p) => p.badge)).toEqual(['A', 'B', 'C', 'D']);
    expect([0, 1, 2, 3].map(playerMarker)).toEqual(['🔵', '🔴', '🟡', '⚪']);
  });

  it("Dynasty: the table says which game and each player's total so far", async () => {
    const d = playDynasty(3, 150);
    const game = d.games[d.games.length - 1]!;
    const v = tableView(game, d);
    expect(v.dynasty).toEqual({ game: d.games.length, of: 3 });
    expect(d.games.length).toBeGreaterThan(1);
    const standings = dynastySheetView(d).rows;
    for (const k of v.kingdoms)
      expect(k.dynastyTotal).toBe(standings.find((r) => r.player.index === k.player.index)!.total);
    expect(tableView(game).dynasty).toBeNull();
    const size = pngSize(await renderTable(game, { dynasty: d }));
    expect(size).toEqual(tableSize({ players: 3, chips: true }));
  });

  it('the same state gives the same bytes, also after a JSON round trip', async () => {
    const state = midGame('4p');
    const copy = JSON.parse(JSON.stringify(state)) as GameState;
    const [a, b, c] = await Promise.all([renderTable(state), renderTable(state), renderTable(copy)]);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(true);
    expect((await renderPreview(state, null)).equals(await renderPreview(copy, null))).toBe(true);
  });

  it('a picture encoded after others has the same bytes as one encoded first', async () => {
    const before = midGame('4p');
    const after = play(before, 1);
    const first = await renderTable(after);
    await renderTable(before);
    await renderTable(play(after, 1));
    const again = await renderTable(after);
    expect(again.equals(first)).toBe(true);
    const size = tableSize(tableShape(tableView(after)));
    // Indexed colour, 8 bits: a byte a pixel and a filter byte a row (zlib checks the Adler-32).
    expect([again[24], again[25]]).toEqual([8, 3]);
    expect(inflateSync(idat(again))).toHaveLength((size.width + 1) * size.height);
  });
});

describe('the placement preview', () => {
  const state = midGame('4p');
  const spot = legalPlacements(state)[0]!;
  const legal = judgePlacement(state, spot.a, spot.b);
  const illegal = judgePlacement(state, [0, 0], [1, 0]); // the castle's cell

  it('is the same whether its base is drawn in place or kept', () => {
    // Another spot each time, as a player stepping through them (the base is what they share).
    const spots = legalPlacements(state).slice(0, 3);
    const fresh = (i: number) => {
      let canvas: ReturnType<typeof draw.preview> | undefined;
      probeSizes(() => (canvas = draw.preview(state, judgePlacement(state, spots[i]!.a, spots[i]!.b))));
      return canvas!.data();
    };
    const stepped = spots.map((s) => draw.preview(state, judgePlacement(state, s.a, s.b)).data());
    stepped.forEach((pixels, i) => expect(pixels.equals(fresh(i))).toBe(true));
  });

  it('marks a legal candidate in green with its score, an illegal one in red with the reason', async () => {
    const good = previewView(state, legal, null).candidate!;
    const bad = previewView(state, illegal, null).candidate!;
    expect(good.verdict.fits).toBe(true);
    expect(bad.verdict).toEqual({
      fits: false,
      rejection: expect.objectContaining({ message: expect.stringMatching(/taken/) }),
    });
    const [goodPng, badPng] = await Promise.all([renderPreview(state, legal), renderPreview(state, illegal)]);
    expect(goodPng.equals(badPng)).toBe(false);
    const geometry = layoutPreview(previewView(state, legal, null)).geometry;
    // The outline sits on the outer edge of the candidate's cells.
    const ring = (a: Pos, b: Pos): Pos => {
      const [x, y] = cellOrigin(geometry, [Math.min(a[0], b[0]), Math.min(a[1], b[1])]);
      return [x - 1, y + geometry.cell / 2];
    };
    expect((await pixels(goodPng))(...ring(legal.a, legal.b))).toBe(UI.legal);
    expect((await pixels(badPng))(...ring(illegal.a, illegal.b))).toBe(UI.illegal);
  });

  it('draws what the kingdom can still reach and a margin, named as in the whole window', () => {
    for (const setup of SETUPS) {
      const full = namingWindow(newGame(setup).options.grid);
      expect(previewView(newGame(setup), null, null).window).toEqual(full);
      const late = play(newGame(setup), setup === '2p' ? 30 : 70);
      const v = previewView(late, null, null);
      expect(windowCols(v.window) * windowRows(v.window)).toBeLessThan(windowCols(full) * windowRows(full));
      expect(v.window.minX).toBe(Math.max(full.minX, v.reach.minX - 1));
      expect(v.window.maxY).toBe(Math.min(full.maxY, v.reach.maxY + 1));
      // The layout puts the castle's cell where its name says: the window is cropped, not renamed.
      const { geometry } = layoutPreview(v);
      expect(cellOrigin(geometry, [0, 0])[0]).toBe(geometry.x + (0 - v.window.minX) * geometry.cell);
    }
  });

  it('tints the cells legal placements use and greys the cells out of reach', async () => {
    const view = previewView(state, null, null);
    expect(view.targets.length).toBeGreaterThan(0);
    const { geometry } = layoutPreview(view);
    const read = await pixels(await renderPreview(state, null));
    const corners: Pos[] = [
      [view.window.minX, view.window.minY],
      [view.window.maxX, view.window.maxY],
    ];
    const outside = corners.filter((p) => !inWindow(view.reach, p));
    expect(outside.length).toBeGreaterThan(0);
    for (const p of outside) {
      const [ox, oy] = cellOrigin(geometry, p);
      expect(read(ox + geometry.cell / 2, oy + geometry.cell / 2)).toBe(UI.outsideCell);
    }
    const [tx, ty] = cellOrigin(geometry, view.targets[0]!);
    expect(read(tx + geometry.cell / 2, ty + geometry.cell / 2)).not.toBe(UI.emptyCell);
  });

  it('draws a hint and survives nonsense candidates', async () => {
    const plain = await renderPreview(state, null);
    expect((await renderPreview(state, null, { hint: legal })).equals(plain)).toBe(false);
    for (const c of [
      { a: [40, 40], b: [41, 40] },
      { a: [0, 1], b: [3, 3] },
      { a: [-9, 0], b: [-8, 0] },
    ] as { a: Pos; b: Pos }[]) {
      expect(pngSize(await renderPreview(state, judgePlacement(state, c.a, c.b)))).toEqual(previewSize());
    }
  });

  it('outside a placement turn it still draws the kingdom of the player to act', async () => {
    let s = state;
    while (prompt(s).kind !== 'claim') s = play(s, 1);
    expect(previewView(s, legal, null).candidate).toBeNull();
    expect(pngSize(await renderPreview(s, legal))).toEqual(previewSize());
  });
});

describe('the score sheet', () => {
  it('ranks every player, winners first place, and shows the arithmetic that adds up', () => {
    for (const setup of SETUPS) {
      const v = scoreSheetView(play(newGame(setup, 'sheet')));
      expect(v.title).toBe('Final scores');
      expect(v.players.map((p) => p.rank)).toEqual([...v.players.map((p) => p.rank)].sort());
      for (const p of v.players) {
        const sum = p.territories.reduce((n, t) => n + t.squares * t.crowns, 0) + p.harmony + p.middleKingdom;
        expect(sum).toBe(p.total);
        expect(p.rank === 1).toBe(v.winners.some((w) => w.index === p.kingdom.player.index));
      }
    }
  });
});

describe('the dynasty sheet', () => {
  it('adds up every game per player and crowns the winner once all three are over', async () => {
    const done = dynastySheetView(playDynasty(3));
    expect(done.over).toBe(true);
    for (const row of done.rows) {
      expect(row.games.every((g) => g !== null && !g.running)).toBe(true);
      expect(row.total).toBe(row.games.reduce((n, g) => n + (g?.score ?? 0), 0));
      expect(row.rank === 1).toBe(done.winners.some((w) => w.index === row.player.index));
    }
    expect(pngSize(await renderDynastySheet(playDynasty(3)))).toEqual(dynastySize(3));
  });

  it('posted at the end of game 1, it is the sheet of game 1 (game 2 has just been dealt)', () => {
    let n = 1;
    while (playDynasty(2, n).games.length < 2) n++;
    const v = dynastySheetView(playDynasty(2, n));
    expect(v.title).toBe('Dynasty, game 1 of 3');
    expect(v.rows[0]!.games[0]?.running).toBe(false);
    expect(v.rows[0]!.games[1]).toBeNull();
  });

  it('mid-dynasty: finished games, the running one "so far", no winner yet', () => {
    const v = dynastySheetView(playDynasty(2, 60));
    expect(v.over).toBe(false);
    expect(v.winners).toEqual([]);
    const games = v.rows[0]!.games;
    expect(games[0]?.running).toBe(false);
    expect(games[1]?.running).toBe(true);
    expect(games[2]).toBeNull();
  });
});

/** A 4-player table whose line being placed has a discarded domino, and whose next line a place still empty. */
function discardedThenWaiting(): TableView {
  for (let seed = 0; seed < 50; seed++) {
    let state = newGame('4p', `discard-${seed}`);
    while (prompt(state).kind !== 'over') {
      state = play(state, 1);
      const view = tableView(state);
      if (view.current.some((s) => s.status === 'discarded') && view.next.some((s) => s.king === null)) return view;
    }
  }
  throw new Error('no seeded game discards before a free domino of the next line');
}
