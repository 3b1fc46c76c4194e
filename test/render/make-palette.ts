/**
 * `npm run palette`: chooses the palette of the pictures of every move from the
 * reference pictures (palette-references.ts) and writes src/render/known-palette.ts.
 * Run it after a change of the pictures' colours; known-palette.test.ts says when.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { paletteOf, pixelsOf } from '../../src/render/quantize.js';
import { referencePictures } from './palette-references.js';

const pictures = referencePictures().map((canvas) => pixelsOf(Buffer.from(canvas.data())));
const palette = Array.from(paletteOf(pictures), (c) => `0x${c.toString(16).padStart(6, '0')}`);
const rows = Array.from(
  { length: Math.ceil(palette.length / 8) },
  (_, i) => `  ${palette.slice(8 * i, 8 * i + 8).join(', ')},`,
);
const file = fileURLToPath(new URL('../../src/render/known-palette.ts', import.meta.url));
writeFileSync(
  file,
  `/**
 * The palette of the pictures of every move (the table and the preview), 0xBBGGRR,
 * chosen by \`npm run palette\` (test/render/make-palette.ts) from ${pictures.length} reference
 * pictures: generated, not edited by hand. See KnownPalette in quantize.ts.
 */
export const KNOWN_PALETTE: readonly number[] = [
${rows.join('\n')}
];
`,
);
console.log(`${palette.length} colours from ${pictures.length} pictures -> ${file}`);
