/** A throw-away Redis server on a free loopback port, for the store tests. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered. */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function assertInstalled(): void {
  const probe = spawnSync('redis-server', ['--version']);
  if (probe.error !== undefined || probe.status !== 0) {
    throw new Error(
      'redis-server is not installed: the store tests need a real Redis ' +
        '(Debian: apt-get install redis-server; .ci/run installs it).',
    );
  }
}

/** Resolves once the server accepts connections. A given port restarts a stopped server there. */
export async function startRedis(port?: number): Promise<RedisServer> {
  assertInstalled();
  port ??= await freePort();
  const child = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await ready(child);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
    stop: () => stop(child),
  };
}

function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    child.once('error', reject);
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGCONT');
  child.kill('SIGTERM');
  await exited;
}
