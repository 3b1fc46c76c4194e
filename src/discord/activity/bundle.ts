/**
 * The page's files, built from src/web when the bot starts (esbuild: one minified
 * script, a few hundred milliseconds), kept in memory, and served as they are.
 * Built from the sources whether the bot runs under tsx or compiled: src/web is
 * never compiled by tsc, the browser gets esbuild's bundle only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface PageFiles {
  readonly html: string;
  readonly script: string;
}

/** The repository's root: the folder above this file holding src/web (src/... or dist/src/...). */
function webFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const web = join(dir, 'src', 'web');
    if (existsSync(join(web, 'index.html'))) return web;
    const up = dirname(dir);
    if (up === dir) throw new Error('src/web (the live board) is missing from the installation');
    dir = up;
  }
}

export async function buildPage(): Promise<PageFiles> {
  const web = webFolder();
  const built = await build({
    entryPoints: [join(web, 'main.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const script = built.outputFiles[0]?.text;
  if (script === undefined) throw new Error('the live board did not build');
  return { html: readFileSync(join(web, 'index.html'), 'utf8'), script };
}
