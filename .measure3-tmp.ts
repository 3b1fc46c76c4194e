import { loadImage, createCanvas, type Canvas } from '@napi-rs/canvas';
import { draw } from '/work/main/src/render/index.js';
import { encodePng } from '/work/main/src/render/png.js';
import { newGame, play } from '/work/main/test/render/games.js';
const start = newGame('4p', 'bench');
const tables = Array.from({ length: 6 }, (_, i) => { const c = draw.table(play(start, 30 + 3 * i)); c.data(); return c; });
async function fidelity(buf: Buffer, c: Canvas) {
  const im = await loadImage(buf); const cc = createCanvas(im.width, im.height); cc.getContext('2d').drawImage(im, 0, 0);
  const a = cc.data(), b = c.data(); let diff = 0, max = 0, sum = 0;
  for (let i = 0; i < a.length; i += 4) { const d = Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!); if (d) diff++; sum += d; if (d > max) max = d; }
  return `changed px ${(diff / (a.length / 4) * 100).toFixed(2)}% mean |dRGB| on changed ${(sum / diff).toFixed(1)} max ${max}`;
}
const walls: number[] = []; const cpus: number[] = []; let bytes = 0; let out!: Buffer;
for (let i = 0; i < 20; i++) {
  const c0 = process.cpuUsage(); const t0 = performance.now(); out = encodePng(tables[i % 6]!); const t1 = performance.now(); const c1 = process.cpuUsage(c0);
  if (i >= 2) { walls.push(t1 - t0); cpus.push((c1.user + c1.system) / 1000); bytes += out.length; }
}
const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
console.log(`level ${process.env.PNG_LEVEL} ${(bytes / 18 / 1024).toFixed(1)} KB wall ${med(walls).toFixed(1)} cpu ${med(cpus).toFixed(1)} ${await fidelity(out, tables[19 % 6]!)}`);
