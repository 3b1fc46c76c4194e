/**
 * `npm run wasm`: compiles src/render/scan.wat (KnownPalette's pass over the pixels)
 * with wabt's wat2wasm, fetched by npx for the run (the bot does not depend on it),
 * and writes the module as src/render/scan-wasm.ts. Run it after a change of scan.wat.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WABT = 'wabt@1.0.39';
const source = fileURLToPath(new URL('../../src/render/scan.wat', import.meta.url));
const file = fileURLToPath(new URL('../../src/render/scan-wasm.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'scan-wasm-'));
try {
  const wasm = join(dir, 'scan.wasm');
  execFileSync('npx', ['--yes', '--package', WABT, 'wat2wasm', source, '-o', wasm], { stdio: 'inherit' });
  const bytes = readFileSync(wasm);
  writeFileSync(
    file,
    `/**
 * scan.wat compiled by \`npm run wasm\` (test/render/make-scan-wasm.ts, ${WABT}'s wat2wasm),
 * base64: generated, not edited by hand.
 */
export const SCAN_WASM = '${bytes.toString('base64')}';
`,
  );
  console.log(`${bytes.length} bytes -> ${file}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
