import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { loadImage, createCanvas, type Canvas } from '@napi-rs/canvas';
import { draw } from '/work/main/src/render/index.js';
import { encodePng } from '/work/main/src/render/png.js';
import { judgePlacement, legalPlacements, prompt } from '/work/main/src/game/index.js';
import { newGame, play } from '/work/main/test/render/games.js';
const req = createRequire('/tmp/exp/');
const img = req('@napi-rs/image');
const sharp = req('sharp');
sharp.concurrency(1);

const start = newGame('4p', 'bench');
const tables = Array.from({ length: 6 }, (_, i) => { const c = draw.table(play(start, 30 + 3 * i)); c.data(); return c; });

function time(f: () => Buffer | Promise<Buffer>, n = 6) { /* returns async */ return (async () => {
  const walls: number[] = [], cpus: number[] = []; let bytes = 0; let out!: Buffer;
  for (let i = 0; i < n + 2; i++) {
    const c0 = process.cpuUsage(); const t0 = performance.now();
    out = await f(); const t1 = performance.now(); const c1 = process.cpuUsage(c0);
    if (i >= 2) { walls.push(t1 - t0); cpus.push((c1.user + c1.system) / 1000); bytes += out.length; }
  }
  const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
  return { wall: med(walls), cpu: med(cpus), kb: bytes / n / 1024, out };
})(); }

let k = 0;
const next = () => tables[(k++) % tables.length]!;
const stored = (c: Canvas) => { return encodeLevel(c, 0); };
import { crc32 } from 'node:zlib';
function chunk(type: string, data: Buffer) { const o = Buffer.alloc(12 + data.length); o.writeUInt32BE(data.length, 0); o.write(type, 4, 'latin1'); data.copy(o, 8); o.writeUInt32BE(crc32(o.subarray(4, 8 + data.length)), 8 + data.length); return o; }
function png(w: number, h: number, ct: number, raw: Buffer, level: number, plte?: Buffer) {
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr.set([8, ct, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), ...(plte ? [chunk('PLTE', plte)] : []), chunk('IDAT', deflateSync(raw, { level })), chunk('IEND', Buffer.alloc(0))]);
}
function encodeLevel(c: Canvas, level: number) {
  const { width: w, height: h } = c; const px = c.data(); const s = w * 4; const raw = Buffer.allocUnsafe((s + 1) * h);
  for (let y = 0; y < h; y++) { raw[y * (s + 1)] = 0; px.copy(raw, y * (s + 1) + 1, y * s, (y + 1) * s); }
  return png(w, h, 6, raw, level);
}
function rgbFiltered(c: Canvas, level: number, filter: 'none' | 'up' | 'sub' | 'paeth') {
  const { width: w, height: h } = c; const px = c.data(); const s = w * 3; const raw = Buffer.allocUnsafe((s + 1) * h);
  const rgb = Buffer.allocUnsafe(s * h);
  for (let i = 0, j = 0; i < px.length; i += 4, j += 3) { rgb[j] = px[i]!; rgb[j + 1] = px[i + 1]!; rgb[j + 2] = px[i + 2]!; }
  for (let y = 0; y < h; y++) {
    const o = y * (s + 1); const r = y * s;
    if (filter === 'none') { raw[o] = 0; rgb.copy(raw, o + 1, r, r + s); }
    else if (filter === 'up') { raw[o] = 2; for (let x = 0; x < s; x++) raw[o + 1 + x] = (rgb[r + x]! - (y ? rgb[r - s + x]! : 0)) & 255; }
    else if (filter === 'sub') { raw[o] = 1; for (let x = 0; x < s; x++) raw[o + 1 + x] = (rgb[r + x]! - (x >= 3 ? rgb[r + x - 3]! : 0)) & 255; }
  }
  return png(w, h, 2, raw, level);
}

async function fidelity(buf: Buffer, c: Canvas) {
  const im = await loadImage(buf); const cc = createCanvas(im.width, im.height); const ctx = cc.getContext('2d'); ctx.drawImage(im, 0, 0);
  const a = cc.data(), b = c.data(); let diff = 0, max = 0;
  for (let i = 0; i < a.length; i += 4) { const d = Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!); if (d) diff++; if (d > max) max = d; }
  return `changed px ${(diff / (a.length / 4) * 100).toFixed(2)}% max |dRGB| ${max}`;
}

const options: [string, () => Buffer | Promise<Buffer>][] = [
  ['ours RGBA none L2 (today)', () => encodePng(next())],
  ['ours RGB none L2', () => rgbFiltered(next(), 2, 'none')],
  ['ours RGB up L2', () => rgbFiltered(next(), 2, 'up')],
  ['ours RGB sub L2', () => rgbFiltered(next(), 2, 'sub')],
  ['ours RGB none L6', () => rgbFiltered(next(), 6, 'none')],
  ['skia png', () => next().encodeSync('png')],
  ['skia webp 100', () => next().encodeSync('webp', 100)],
  ['napi-image webpLossless', () => { const c = next(); return img.Transformer.fromRgbaPixels(c.data(), c.width, c.height).webpLosslessSync(); }],
  ['napi-image pngQuantize speed10 (from stored png)', () => img.pngQuantizeSync(stored(next()), { speed: 10 })],
  ['napi-image pngQuantize speed5', () => img.pngQuantizeSync(stored(next()), {})],
  ['napi-image pngQuantize speed10 q0-100', () => img.pngQuantizeSync(stored(next()), { speed: 10, minQuality: 0, maxQuality: 100 })],
  ['napi-image losslessCompressPng', () => img.losslessCompressPngSync(stored(next()))],
  ['sharp png palette effort1 dither0', () => { const c = next(); return sharp(c.data(), { raw: { width: c.width, height: c.height, channels: 4 } }).png({ palette: true, effort: 1, dither: 0, compressionLevel: 6 }).toBuffer(); }],
  ['sharp png palette effort1 dither1', () => { const c = next(); return sharp(c.data(), { raw: { width: c.width, height: c.height, channels: 4 } }).png({ palette: true, effort: 1, compressionLevel: 6 }).toBuffer(); }],
  ['sharp png palette effort1 dither0 lvl2', () => { const c = next(); return sharp(c.data(), { raw: { width: c.width, height: c.height, channels: 4 } }).removeAlpha().png({ palette: true, effort: 1, dither: 0, compressionLevel: 2 }).toBuffer(); }],
  ['sharp webp lossless effort0', () => { const c = next(); return sharp(c.data(), { raw: { width: c.width, height: c.height, channels: 4 } }).webp({ lossless: true, effort: 0 }).toBuffer(); }],
  ['sharp webp lossless effort2', () => { const c = next(); return sharp(c.data(), { raw: { width: c.width, height: c.height, channels: 4 } }).webp({ lossless: true, effort: 2 }).toBuffer(); }],
];
const only = process.argv[2];
for (const [name, f] of options) {
  if (only && !name.includes(only)) continue;
  try {
    const r = await time(f);
    console.log(`${name.padEnd(50)} ${r.kb.toFixed(0).padStart(5)} KB  wall ${r.wall.toFixed(1).padStart(6)} ms  cpu ${r.cpu.toFixed(1).padStart(6)} ms  ${await fidelity(r.out, tables[(k - 1) % tables.length]!)}`);
  } catch (e) { console.log(name, 'failed', (e as Error).message); }
}
