/**
 * Run by fonts.test.ts in a mount namespace where /usr/share/fonts is empty: prints
 * how many text pixels appear (a) with no font registered and (b) in a real table,
 * and (c) the SHA-256 of a mid-game table PNG.
 */
import { createHash } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';
import { FONT_FAMILY } from '../../src/render/fonts.js';

function brightPixels(data: Uint8ClampedArray | Buffer): number {
  let n = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! > 200 && data[i + 1]! > 200 && data[i + 2]! > 200) n++;
  return n;
}

const probe = createCanvas(300, 60);
const pc = probe.getContext('2d');
pc.fillStyle = '#000';
pc.fillRect(0, 0, 300, 60);
pc.fillStyle = '#fff';
pc.font = `40px "${FONT_FAMILY}", sans-serif`;
pc.fillText('Round 1 of 13', 4, 44);
const before = brightPixels(pc.getImageData(0, 0, 300, 60).data);

const { draw, renderTable } = await import('../../src/render/index.js');
const { layoutTable } = await import('../../src/render/table.js');
const { tableView } = await import('../../src/render/adapter.js');
const { midGame, newGame } = await import('./games.js');
const state = newGame('4p');
const canvas = draw.table(state);
const h = layoutTable(tableView(state)).header;
// The left half of the header holds only text ("Round 1 of 13") on the dark background.
const after = brightPixels(canvas.getContext('2d').getImageData(h.x, h.y, Math.floor(h.w / 2), h.h).data);
const sha = createHash('sha256')
  .update(await renderTable(midGame('4p')))
  .digest('hex');
process.stdout.write(JSON.stringify({ before, after, sha }));
