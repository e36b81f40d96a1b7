import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { RATE_LIMIT_VARIABLES } from '../packages/server/src/config-security';

export const ROOT = resolve(import.meta.dirname, '..');
const SERVER_DIR = join(ROOT, 'packages/server');
export const JWT_SECRET = 'benchmark-secret-that-is-long-enough-for-hs256';
// Every request limit stays on (so its counting is part of what is measured) but far above the load.
const GENEROUS = '1000000/1s';

export interface Proc {
  name: string;
  url: string;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** A real Kitty server process (`node --import tsx src/main.ts`, as `pnpm start` runs it). */
export async function startKitty(name: string, databaseUrl: string, redisUrl: string | null): Promise<Proc> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'kitty-bench-')),
    REGISTRATION_PASSPHRASE: 'benchmark passphrase',
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    WEB_DIST: join(tmpdir(), 'kitty-bench-no-web-build'),
    ...Object.fromEntries(RATE_LIMIT_VARIABLES.map(([variable]) => [variable, GENEROUS])),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };
  // For example `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a server spends its time under the load.
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return start(
    name,
    [...extra, '--import', 'tsx', 'src/main.ts'],
    SERVER_DIR,
    env,
    'Kitty is running at',
    port,
  );
}

async function start(
  name: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  ready: string,
  port: number,
): Promise<Proc> {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  let alive = true;
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      alive = false;
      children.delete(child);
      done();
    }),
  );
  const proc: Proc = {
    name,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    output: () => output,
    async stop() {
      if (alive) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + 60_000;
  while (!output.includes(ready)) {
    if (!alive || Date.now() > deadline) {
      await proc.stop();
      throw new Error(`${name} did not start. Its output:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return proc;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}
