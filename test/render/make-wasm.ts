/**
 * `npm run wasm`: compiles the WebAssembly of src/render (scan.wat, KnownPalette's pass
 * over the pixels; deflate.wat, the scanlines' compression) with wabt's wat2wasm, fetched
 * by npx for the run (the bot does not depend on it), and writes each module as
 * src/render/<name>-wasm.ts. Run it after a change of a .wat file.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WABT = 'wabt@1.0.39';
const MODULES = ['scan', 'deflate'];

const dir = mkdtempSync(join(tmpdir(), 'render-wasm-'));
try {
  for (const name of MODULES) {
    const source = fileURLToPath(new URL(`../../src/render/${name}.wat`, import.meta.url));
    const file = fileURLToPath(new URL(`../../src/render/${name}-wasm.ts`, import.meta.url));
    const wasm = join(dir, `${name}.wasm`);
    execFileSync('npx', ['--yes', '--package', WABT, 'wat2wasm', source, '-o', wasm], { stdio: 'inherit' });
    const bytes = readFileSync(wasm);
    writeFileSync(
      file,
      `/**
 * ${name}.wat compiled by \`npm run wasm\` (test/render/make-wasm.ts, ${WABT}'s wat2wasm),
 * base64: generated, not edited by hand.
 */
export const ${name.toUpperCase()}_WASM = '${bytes.toString('base64')}';
`,
    );
    console.log(`${bytes.length} bytes -> ${file}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
