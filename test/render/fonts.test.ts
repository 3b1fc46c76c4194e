import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCanvas } from '@napi-rs/canvas';
import { pictureName } from '../../src/render/adapter.js';
import { ensureFonts, font } from '../../src/render/fonts.js';
import { renderTable } from '../../src/render/index.js';
import { midGame } from './games.js';

const here = new URL('.', import.meta.url).pathname;

/** Runs the child with /usr/share/fonts (the only place the canvas looks) replaced by an empty directory. */
interface ChildReport {
  before: number;
  after: number;
  sha: string;
}

function runWithoutSystemFonts(): ChildReport {
  const empty = mkdtempSync(join(tmpdir(), 'no-fonts-'));
  const child = `node --import tsx ${join(here, 'no-system-fonts.child.ts')}`;
  const run = spawnSync('unshare', ['-rm', 'sh', '-c', `mount --bind ${empty} /usr/share/fonts && exec ${child}`], {
    cwd: join(here, '../..'),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`child failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as ChildReport;
}

describe('text on a machine without system fonts', () => {
  let child: ChildReport;
  beforeAll(() => {
    child = runWithoutSystemFonts();
  });

  it('draws nothing before our font is registered, and real text in the table after', () => {
    const { before, after } = child;
    // Proves the machine really had no font to fall back to...
    expect(before).toBe(0);
    // ...and that the table's header text still appears, from the shipped font.
    expect(after).toBeGreaterThan(300);
  });

  it('gives the very same bytes as here, where system fonts exist: no text ever falls back to them', async () => {
    expect(child.sha).toBe(
      createHash('sha256')
        .update(await renderTable(midGame('4p')))
        .digest('hex'),
    );
  });
});

/** The glyph of one character in our family, as pixels. */
function glyph(ch: string): string {
  const canvas = createCanvas(60, 60);
  const c = canvas.getContext('2d');
  c.font = font(800, 40, ch);
  c.fillText(ch, 10, 45);
  return createHash('sha256').update(canvas.data()).digest('hex');
}

describe('names in many scripts', () => {
  it('every character kept in a name has a real glyph in the shipped font (no missing-glyph box)', () => {
    ensureFonts();
    const missing = glyph('\u{10FFFD}'); // a private-use character no font has
    const names = ['Жанна Ёлкина', 'Ἀλέξανδρος 🌸', 'Nguyễn Văn Đức', 'Łukasz Żółć', 'Zoë Ørsted-Æbelø', '李小龙'];
    const kept = names.map((n, i) => pictureName(n, i));
    expect(kept).toEqual([
      'Жанна Ёлкина',
      'Ἀλέξανδρος',
      'Nguyễn Văn Đức',
      'Łukasz Żółć',
      'Zoë Ørsted-Æbelø',
      'Player 6',
    ]);
    for (const ch of new Set(kept.join('').replace(/\s/g, ''))) expect(glyph(ch), ch).not.toBe(missing);
  });
});
