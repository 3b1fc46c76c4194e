/**
 * The palette of the shipped PNG (src/render/quantize.ts) on pictures made to test
 * it: few colours (exact), a smooth gradient with a small mark (the mark keeps its
 * colour), noise (one colour a pixel: every buffer grows, the result stays near).
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../src/render/png.js';
import { indexPixels } from '../../src/render/quantize.js';

/** An opaque canvas whose pixel (x, y) is `colour(x, y)`, 0xRRGGBB. */
function picture(width: number, height: number, colour: (x: number, y: number) => number) {
  const canvas = createCanvas(width, height);
  const c = canvas.getContext('2d');
  const image = c.createImageData(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const rgb = colour(x, y);
      image.data.set([rgb >>> 16, (rgb >>> 8) & 0xff, rgb & 0xff, 255], 4 * (y * width + x));
    }
  }
  c.putImageData(image, 0, 0);
  return canvas;
}

/** The PNG decoded as a viewer decodes it: pixel (x, y) as 0xRRGGBB. */
async function decode(png: Buffer): Promise<(x: number, y: number) => number> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  const data = canvas.data();
  return (x, y) => {
    const i = 4 * (y * image.width + x);
    return (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
  };
}

/** Largest difference of one channel between two 0xRRGGBB colours. */
const channelGap = (p: number, q: number): number =>
  Math.max(...[16, 8, 0].map((shift) => Math.abs(((p >>> shift) & 0xff) - ((q >>> shift) & 0xff))));

describe('the palette of the shipped PNG', () => {
  it('a picture of 256 colours or fewer comes out exactly', async () => {
    const colour = (x: number, y: number): number => ((x >> 2) * 0x0a0503 + (y >> 2) * 0x010b07) & 0xffffff;
    const canvas = picture(64, 64, colour); // 16 x 16 blocks of 4 x 4: 256 colours
    const pixel = await decode(encodePng(canvas));
    for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) expect(pixel(x, y)).toBe(colour(x, y));
  });

  it('a small mark of its own colour keeps it among thousands of shades', async () => {
    const red = 0xe0354b;
    const mark = (x: number, y: number): boolean => x >= 200 && x < 203 && y >= 100 && y < 103;
    const grey = (x: number, y: number): number => Math.floor((x + y) / 4) * 0x010101 + (y % 16); // 2,000 shades
    const canvas = picture(256, 256, (x, y) => (mark(x, y) ? red : grey(x, y)));
    const pixel = await decode(encodePng(canvas));
    expect(pixel(201, 101)).toBe(red);
    let worst = 0;
    for (let y = 0; y < 256; y++)
      for (let x = 0; x < 256; x++) if (!mark(x, y)) worst = Math.max(worst, channelGap(pixel(x, y), grey(x, y)));
    expect(worst).toBeLessThan(12);
  });

  it('noise, a colour a pixel, still comes out near and the same every time', async () => {
    let seed = 7;
    const noise = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8;
    const colours = Array.from({ length: 300 * 300 }, noise);
    const canvas = picture(300, 300, (x, y) => colours[y * 300 + x]!);
    const png = encodePng(canvas);
    expect(encodePng(canvas).equals(png)).toBe(true);
    const { palette } = indexPixels(new Uint32Array(Uint8Array.from(canvas.data()).buffer));
    expect(palette).toHaveLength(256);
    const pixel = await decode(png);
    let worst = 0;
    for (let y = 0; y < 300; y++)
      for (let x = 0; x < 300; x++) worst = Math.max(worst, channelGap(pixel(x, y), colours[y * 300 + x]!));
    expect(worst).toBeLessThan(128); // 256 entries for 16 million colours: about 40 apart per channel
  });
});
