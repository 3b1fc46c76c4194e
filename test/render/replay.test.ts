import { describe, expect, it } from 'vitest';
import { toRecord, type GameRecord, type GameState } from '../../src/game/index.js';
import { draw } from '../../src/render/index.js';
import { REPLAY_TIMING, renderReplay, replayStates, type Replay } from '../../src/render/replay.js';
import { REPLAY_MAX_BYTES } from '../../src/render/text.js';
import { composite, readGif } from './gif.js';
import { newGame, play, playDynasty, type Setup } from './games.js';

/** Moves as players make them: every claim, and each king's last placement (no claim follows it). */
function movesOf(game: GameState): number {
  return game.events.filter((e) => e.type === 'claim').length + game.kings.length;
}

async function replayOf(game: GameState, opts: Parameters<typeof renderReplay>[1] = {}): Promise<Replay> {
  const made = await renderReplay(toRecord(game), opts);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

/** How far a decoded frame is from the table as drawn: the share of pixels off by more than `tolerance` (sum over RGB). */
function offShare(shown: Uint8Array, state: GameState, tolerance = 48): number {
  const drawn = draw.table(state).data();
  expect(drawn.length).toBe(shown.length);
  let off = 0;
  for (let i = 0; i < drawn.length; i += 4) {
    const d =
      Math.abs(drawn[i]! - shown[i]!) +
      Math.abs(drawn[i + 1]! - shown[i + 1]!) +
      Math.abs(drawn[i + 2]! - shown[i + 2]!);
    if (d > tolerance) off++;
  }
  return off / (drawn.length / 4);
}

describe('replayStates', () => {
  it.each<Setup>(['2p', '3p', '4p', 'duel'])('%s: the table before the first move and after each move', (setup) => {
    const end = play(newGame(setup, 'replay'));
    const states = replayStates(toRecord(end));
    if (!states.ok) throw new Error(states.error.message);
    expect(states.value).toHaveLength(movesOf(end) + 1);
    expect(states.value[0]!.events.filter((e) => e.type !== 'reveal')).toEqual([]);
    expect(states.value.at(-1)).toEqual(end);
    // Every step is one king's turn: at most a placement (or discard) and a claim, by one player.
    for (let k = 1; k < states.value.length; k++) {
      const step = states.value[k]!.events.slice(states.value[k - 1]!.events.length).filter(
        (e) => e.type !== 'reveal' && e.type !== 'drop',
      );
      expect(step.length).toBeGreaterThanOrEqual(1);
      expect(step.length).toBeLessThanOrEqual(2);
      expect(new Set(step.map((e) => ('player' in e ? e.player : -1))).size).toBe(1);
      if (step.length === 2) expect(step.map((e) => e.type)).toEqual([expect.stringMatching(/place|discard/), 'claim']);
    }
  });

  it('refuses a record the engine rejects (a move changed), and JSON text is read as well', () => {
    const record = toRecord(play(newGame('2p', 'replay')));
    const i = record.events.findIndex((e) => e.type === 'place');
    const forged: GameRecord = {
      ...record,
      events: record.events.map((e, k) => (k === i && e.type === 'place' ? { ...e, a: [4, 4], b: [4, 5] } : e)),
    };
    const refused = replayStates(forged);
    expect(refused.ok).toBe(false);
    expect(replayStates(JSON.stringify(record)).ok).toBe(true);
  });
});

describe('renderReplay', () => {
  it('4 players: a looping GIF, one frame per move and one before, under 8 MB, each frame the table as drawn', async () => {
    const end = play(newGame('4p', 'replay'));
    let pauses = 0;
    const replay = await replayOf(end, {
      pause: async () => {
        pauses++;
      },
    });
    const moves = movesOf(end);
    expect(replay.moves).toBe(moves);
    expect(replay.frames).toBe(moves + 1);
    expect(replay.gif.length).toBeLessThan(REPLAY_MAX_BYTES);
    // The work gives way between frames (the bot answers clicks meanwhile).
    expect(pauses).toBeGreaterThanOrEqual(2 * replay.frames);

    const gif = readGif(replay.gif);
    expect(gif.loops).toBe(0);
    expect(gif.frames).toHaveLength(moves + 1);
    const table = draw.table(end);
    expect([gif.width, gif.height]).toEqual([table.width, table.height]);
    expect([replay.width, replay.height]).toEqual([table.width, table.height]);
    expect(gif.frames.map((f) => f.delay * 10)).toEqual([
      REPLAY_TIMING.firstMs,
      ...Array.from({ length: moves - 1 }, () => REPLAY_TIMING.moveMs),
      REPLAY_TIMING.lastMs,
    ]);
    expect(replay.durationMs).toBe(REPLAY_TIMING.firstMs + (moves - 1) * REPLAY_TIMING.moveMs + REPLAY_TIMING.lastMs);
    // Frames after the first keep what they do not change (transparent pixels over the frame before).
    expect(gif.frames.slice(1).every((f) => f.transparentIndex !== null && f.dispose === 1)).toBe(true);

    const states = replayStates(toRecord(end));
    if (!states.ok) throw new Error(states.error.message);
    const checked = new Set([0, 1, Math.floor(moves / 2), moves]);
    let k = 0;
    for (const shown of composite(gif)) {
      // 255 colours for anti-aliased text: a few edge pixels are off, nothing else.
      if (checked.has(k)) expect(offShare(shown, states.value[k]!)).toBeLessThan(0.002);
      k++;
    }
  });

  it('same record, same bytes; a Dynasty game is replayed with its header and totals', async () => {
    const d = playDynasty(2);
    const second = d.games[1]!;
    const a = await replayOf(second, { dynasty: d });
    const b = await replayOf(second, { dynasty: d });
    expect(a.gif.equals(b.gif)).toBe(true);
    const plain = await replayOf(second);
    expect(plain.gif.equals(a.gif)).toBe(false);
    const gif = readGif(a.gif);
    expect(gif.frames).toHaveLength(movesOf(second) + 1);
    // The Dynasty's table (its header line, the totals), not the game's alone.
    const table = draw.table(second, { dynasty: d });
    expect([gif.width, gif.height]).toEqual([table.width, table.height]);
    expect(gif.height).toBeGreaterThan(draw.table(second).height);
    const last = [...composite(gif)].at(-1)!;
    const drawn = table.data();
    let off = 0;
    for (let i = 0; i < drawn.length; i += 4)
      if (
        Math.abs(drawn[i]! - last[i]!) +
          Math.abs(drawn[i + 1]! - last[i + 1]!) +
          Math.abs(drawn[i + 2]! - last[i + 2]!) >
        48
      )
        off++;
    expect(off / (drawn.length / 4)).toBeLessThan(0.002);
  });

  it('captions each frame in a band under the table', async () => {
    const end = play(newGame('2p', 'replay'));
    const states = replayStates(toRecord(end));
    if (!states.ok) throw new Error(states.error.message);
    const captions = states.value.map((_, k) => (k === 0 ? 'Before the first move.' : `Move ${k} was made.`));
    const replay = await replayOf(end, { captions });
    const gif = readGif(replay.gif);
    // The GIF is the first frame's size: its table, and the band.
    const table = draw.table(states.value[0]!);
    expect(gif.width).toBe(table.width);
    expect(gif.height).toBeGreaterThan(table.height + 60);
    // composite() yields one canvas, drawn over: each band copied as it goes by.
    const bands: Uint8Array[] = [];
    for (const frame of composite(gif)) bands.push(frame.slice(table.width * table.height * 4));
    // The caption band changes from one move to the next (its text), and is not empty.
    const [a, b] = [bands[1]!, bands[2]!];
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    expect(new Set(Array.from(new Uint32Array(a.buffer))).size).toBeGreaterThan(2);
  });

  it('a smaller scale makes a smaller file', async () => {
    const end = play(newGame('2p', 'replay'));
    const full = await replayOf(end);
    const small = await replayOf(end, { scale: 0.5 });
    const gif = readGif(small.gif);
    expect([gif.width, gif.height]).toEqual([Math.round(full.width / 2), Math.round(full.height / 2)]);
    expect(small.gif.length).toBeLessThan(full.gif.length / 2);
  });
});
