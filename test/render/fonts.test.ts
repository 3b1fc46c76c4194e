import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const here = new URL('.', import.meta.url).pathname;

/** Runs the child with /usr/share/fonts (the only place the canvas looks) replaced by an empty directory. */
function runWithoutSystemFonts(): { before: number; after: number } {
  const empty = mkdtempSync(join(tmpdir(), 'no-fonts-'));
  const child = `node --import tsx ${join(here, 'no-system-fonts.child.ts')}`;
  const run = spawnSync('unshare', ['-rm', 'sh', '-c', `mount --bind ${empty} /usr/share/fonts && exec ${child}`], {
    cwd: join(here, '../..'),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`child failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout) as { before: number; after: number };
}

describe('text on a machine without system fonts', () => {
  it('draws nothing before our font is registered, and real text in the table after', () => {
    const { before, after } = runWithoutSystemFonts();
    // Proves the machine really had no font to fall back to...
    expect(before).toBe(0);
    // ...and that the table's header text still appears, from the shipped font.
    expect(after).toBeGreaterThan(300);
  });
});
