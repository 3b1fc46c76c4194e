import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { judgePlacement, legalPlacements, prompt } from '../../src/game/index.js';
import { codeLengths, deflate } from '../../src/render/deflate.js';
import { renderPreview, renderTable } from '../../src/render/index.js';
import { newGame, play } from './games.js';

/** The scanlines of a PNG we wrote (one IDAT chunk), and their row's length. */
function scanlines(png: Buffer): { rows: Buffer; stride: number } {
  let at = 8;
  while (png.toString('latin1', at + 4, at + 8) !== 'IDAT') at += 12 + png.readUInt32BE(at);
  return { rows: inflateSync(png.subarray(at + 8, at + 8 + png.readUInt32BE(at))), stride: png.readUInt32BE(16) + 1 };
}

/** Bytes from a seeded generator: the same on every run. */
function noise(length: number, seed = 1): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0, x = seed; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const roundTrip = (data: Uint8Array, stride: number): Buffer => inflateSync(deflate(data, stride));

describe('deflate: the scanlines as zlib reads them back', () => {
  it('gives back any bytes exactly: none, one, runs past a match’s longest, rows, noise', () => {
    const cases: [Uint8Array, number][] = [
      [new Uint8Array(0), 1],
      [Uint8Array.of(7), 2],
      [new Uint8Array(5000).fill(3), 101],
      [noise(100_000), 1001],
      // Rows that repeat the row above with runs in them, across chunks of 16 and of 258.
      [Uint8Array.from({ length: 40_000 }, (_, i) => Math.floor((i % 401) / 37) + (i > 20_000 ? 1 : 0)), 401],
      // A row wider than the window: runs only.
      [Uint8Array.from({ length: 100_000 }, (_, i) => (i % 40_000) >> 8), 40_000],
    ];
    for (let length = 1; length < 70; length++) {
      cases.push([Uint8Array.from({ length }, (_, i) => (i % 5 < 3 ? 1 : i)), 7]);
    }
    for (const [data, stride] of cases) expect(roundTrip(data, stride).equals(Buffer.from(data))).toBe(true);
  });

  it('writes the pictures of a move in about zlib’s bytes, and their pixels unchanged', async () => {
    const start = newGame('4p', 'deflate');
    let placing = play(start, 36);
    while (prompt(placing).kind !== 'place') placing = play(placing, 1);
    const spot = legalPlacements(placing)[0]!;
    const pngs = [
      await renderTable(play(start, 12)),
      await renderTable(play(start, 40)),
      await renderPreview(placing, judgePlacement(placing, spot.a, spot.b)),
    ];
    for (const png of pngs) {
      const { rows, stride } = scanlines(png);
      expect(roundTrip(rows, stride).equals(rows)).toBe(true);
      // zlib's level 2 was what the pictures were deflated with before: a game's tables
      // are smaller on the whole (no more than 4% larger at the start, 1% in the middle).
      expect(deflate(rows, stride).length).toBeLessThan(1.05 * deflateSync(rows, { level: 2 }).length);
    }
  });

  it('keeps every code within 15 bits, complete, however skewed the counts', () => {
    const fibonacci = new Uint32Array(40);
    for (let i = 0; i < 30; i++) fibonacci[i] = i < 2 ? 1 : fibonacci[i - 1]! + fibonacci[i - 2]!;
    for (const [freq, limit] of [
      [fibonacci, 15],
      [fibonacci, 7],
      [Uint32Array.of(0, 0, 5), 15],
      [new Uint32Array(19), 7],
    ] as const) {
      const lengths = codeLengths(freq, limit);
      expect(Math.max(...lengths)).toBeLessThanOrEqual(limit);
      // Complete (Kraft's sum exactly 1), and every symbol that comes has a code.
      expect(lengths.reduce((sum, l) => sum + (l > 0 ? 2 ** -l : 0), 0)).toBe(1);
      freq.forEach((f, s) => expect(f === 0 || lengths[s]! > 0).toBe(true));
    }
  });
});
