import { createRequire } from 'node:module';
import gifenc from 'gifenc'; const { quantize, applyPalette } = gifenc as any;
import { draw } from '/work/main/src/render/index.js';
import { newGame, play } from '/work/main/test/render/games.js';
const req = createRequire('/tmp/exp/');
const iq = req('image-q');
const c = draw.table(play(newGame('4p', 'bench'), 30)); const px = c.data();
for (let i = 0; i < 3; i++) {
  let t0 = performance.now(); const pal = quantize(px, 256, { format: 'rgb565' }); let t1 = performance.now();
  const idx = applyPalette(px, pal, 'rgb565'); const t2 = performance.now();
  console.log('gifenc quantize', (t1 - t0).toFixed(1), 'apply', (t2 - t1).toFixed(1), pal.length, idx.length);
}
let t0 = performance.now();
const pc = iq.utils.PointContainer.fromUint8Array(px, c.width, c.height);
const palette = iq.buildPaletteSync([pc], { colors: 256, paletteQuantization: 'wuquant', colorDistanceFormula: 'euclidean' });
let t1 = performance.now();
const out = iq.applyPaletteSync(pc, palette, { imageQuantization: 'nearest', colorDistanceFormula: 'euclidean' });
let t2 = performance.now();
console.log('image-q wu', (t1 - t0).toFixed(1), 'apply nearest', (t2 - t1).toFixed(1));
