/**
 * A second process for the store tests (run with `node --import tsx`). Argument: a
 * JSON job. Prints one JSON line per event on stdout.
 *   { op: 'create', config, key }              creates a lobby under key
 *   { op: 'read', config, key }                prints what get() loads
 *   { op: 'append', config, key, count, tag }  `count` concurrent updates, each appending one log entry
 *   { op: 'churn', config, key, tag }          updates forever, printing each saved version
 *   { op: 'finish', config, keys }             finishes each running table of `keys` at once (its game played
 *                                              to the end from seed = key), printing how many this process saved
 */
import { keep, openStore, save, type StoreConfig } from '../../src/store/index.js';
import { appendLog, finished, lobby, newGame, play } from './fixtures.js';

interface Job {
  readonly op: 'create' | 'read' | 'append' | 'churn' | 'finish';
  readonly config: StoreConfig;
  readonly key: string;
  readonly keys?: readonly string[];
  readonly count?: number;
  readonly tag?: string;
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const say = (event: object): void => {
  process.stdout.write(`${JSON.stringify(event)}\n`);
};
const store = await openStore(job.config);

switch (job.op) {
  case 'create':
    say({ created: await store.create(job.key, lobby(job.key)) });
    break;
  case 'read':
    say({ loaded: await store.get(job.key) });
    break;
  case 'append': {
    const updates = Array.from({ length: job.count ?? 0 }, (_, i) =>
      store.update(job.key, (t) => save(appendLog(t, `${job.tag}-${i}`))),
    );
    await Promise.all(updates);
    say({ done: job.count });
    break;
  }
  case 'finish': {
    const saves = await Promise.all(
      (job.keys ?? []).map((key) =>
        store.update(key, (t) => (t.status === 'playing' ? save(finished(t, play(newGame(t.seats, key)))) : keep())),
      ),
    );
    say({ finished: saves.filter((s) => s.saved).length });
    break;
  }
  case 'churn':
    // Growing values: each save rewrites more bytes, so a kill lands mid-write more often.
    for (let i = 0; ; i++) {
      const { table } = await store.update(job.key, (t) =>
        save(appendLog(t, `${job.tag}-${i}-${'x'.repeat(i % 200)}`)),
      );
      say({ version: table.version });
    }
}
await store.close();
