import { deflateSync } from 'node:zlib';
import { draw } from '/work/main/src/render/index.js';
import { paletteOf } from '/work/main/src/render/quantize.js';
import { newGame, play } from '/work/main/test/render/games.js';
const c = draw.table(play(newGame('4p', 'bench'), 30)); const d = c.data();
const px = new Uint32Array(d.buffer, d.byteOffset, d.length / 4);
console.log('offset', d.byteOffset);
for (let k = 0; k < 8; k++) {
  const t0 = performance.now(); const p = paletteOf(px); const t1 = performance.now();
  const idx = Buffer.allocUnsafe(px.length); let col = -1, ix = 0, runs = 0;
  for (let i = 0; i < px.length; i++) { const q = px[i]!; if (q !== col) { col = q; ix = p.indexOf(q); runs++; } idx[i] = ix; }
  const t2 = performance.now(); deflateSync(idx, { level: 6 }); const t3 = performance.now();
  console.log('palette', (t1 - t0).toFixed(1), 'index', (t2 - t1).toFixed(1), 'deflate6', (t3 - t2).toFixed(1), 'runs', runs);
}
