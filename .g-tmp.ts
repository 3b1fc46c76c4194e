import { draw } from '/work/main/src/render/index.js';
import { newGame, play } from '/work/main/test/render/games.js';
const c = draw.table(play(newGame('4p', 'bench'), 30)); const d = c.data();
const px = new Uint32Array(d.buffer, d.byteOffset, d.length / 4);
const m = new Map<number, number>(); for (const p of px) m.set(p & 0xffffff, (m.get(p & 0xffffff) ?? 0) + 1);
const colours = Uint32Array.from(m.keys()); const counts = Uint32Array.from(m.values());
const hist = new Map<number, number>(); for (const v of counts) hist.set(Math.min(v, 10), (hist.get(Math.min(v, 10)) ?? 0) + 1);
console.log('N', colours.length, 'count distribution', [...hist].sort((a, b) => a[0] - b[0]));
function v2(colours: Uint32Array, counts: Uint32Array, K: number) {
  const N = colours.length;
  const red = new Int32Array(N), green = new Int32Array(N), blue = new Int32Array(N), w = new Float64Array(N);
  for (let i = 0; i < N; i++) { red[i] = colours[i]! & 255; green[i] = (colours[i]! >>> 8) & 255; blue[i] = (colours[i]! >>> 16) & 255; w[i] = counts[i]!; }
  const served = new Float64Array(N).fill(1e9); const score = new Float64Array(N); const nearest = new Uint8Array(N); const entries = new Uint32Array(K);
  let next = 0; for (let i = 1; i < N; i++) if (w[i]! > w[next]!) next = i;
  for (let n = 0; n < K; n++) {
    entries[n] = colours[next]!; const r = red[next]!, g = green[next]!, b = blue[next]!;
    let worst = -1, nx = 0;
    for (let i = 0; i < N; i++) {
      const dr = red[i]! - r, dg = green[i]! - g, db = blue[i]! - b;
      const dd = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
      if (dd < served[i]!) { served[i] = dd; nearest[i] = n; score[i] = w[i]! * dd; }
      if (score[i]! > worst) { worst = score[i]!; nx = i; }
    }
    next = nx;
  }
  return entries;
}
for (let k = 0; k < 6; k++) { const t0 = performance.now(); v2(colours, counts, 256); console.log('v2', (performance.now() - t0).toFixed(2)); }
