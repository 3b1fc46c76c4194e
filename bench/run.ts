/**
 * Runs every benchmark under bench/ (each `*.bench.ts`) in its own process, one
 * after the other so they do not compete for the two cores. Each prints
 * `name: value unit` lines on stdout. The bot is compiled first, as npm start does:
 * the benchmarks that start it, or its workers, measure what runs in production.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildBot } from '../test/fake-discord/bot-process.js';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

buildBot();
let failed = false;
for (const file of files) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, file)], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`bench ${file} failed with status ${run.status}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
