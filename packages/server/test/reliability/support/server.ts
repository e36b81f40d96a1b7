import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type SmtpSink, startSmtpSink } from '../../support/smtp';
import { freePort } from './ports';

/** packages/server: the real server starts from here, as `node --import tsx src/main.ts`. */
const SERVER_DIR = resolve(import.meta.dirname, '../../..');
export const PASSPHRASE = 'reliability passphrase for tests';
const JWT_SECRET = 'reliability-secret-that-is-long-enough-for-hs256';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Milliseconds since the process was started. */
  at: number;
}

export interface ServerProcess {
  readonly port: number;
  readonly url: string;
  readonly pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<Exit>;
  running(): boolean;
  signal(signal: NodeJS.Signals): void;
  /** SIGKILL unless it already exited; resolves when it is gone. */
  stop(): Promise<void>;
}

const started = new Set<ServerProcess>();
const children = new Set<ChildProcess>();
// Even when the test worker itself ends abruptly, no server outlives it.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * Starts a real server process on 127.0.0.1 (a free port unless given) over `databaseUrl`, and resolves
 * once it prints that it is running. It is killed by `stopAllServers()` (call it in afterAll).
 */
let sink: Promise<SmtpSink> | undefined;

/**
 * The one SMTP sink every server of this test file sends its mail to: people registered through the API
 * prove their address with the link it receives (people.ts), as a person would.
 */
export function mailSink(): Promise<SmtpSink> {
  sink ??= startSmtpSink();
  return sink;
}

export async function startServer(options: {
  databaseUrl: string;
  port?: number;
  logLevel?: string;
  timeoutMs?: number;
  /** More environment variables for this process. */
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'kitty-reliability-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    REGISTRATION_PASSPHRASE: PASSPHRASE,
    JWT_SECRET,
    LOG_LEVEL: options.logLevel ?? 'warn',
    SMTP_URL: (await mailSink()).url,
    WEB_DIST: join(tmpdir(), 'kitty-no-web-build'),
    // Every client of these runs registers and signs in from 127.0.0.1, and writes in bursts: the
    // request limits (checked by the abuse suites) would refuse them.
    RATE_LIMIT_REGISTER_ADDRESS: 'off',
    RATE_LIMIT_LOGIN_ADDRESS: 'off',
    RATE_LIMIT_LOGIN_EMAIL: 'off',
    RATE_LIMIT_WRITES: 'off',
    ...options.env,
  };
  const startedAt = Date.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  let alive = true;
  const exited = new Promise<Exit>((done) => {
    child.once('exit', (code, signal) => {
      alive = false;
      children.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
      done({ code, signal, at: Date.now() - startedAt });
    });
  });

  const server: ServerProcess = {
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    output: () => output,
    exited,
    running: () => alive,
    signal: (signal) => {
      if (alive) child.kill(signal);
    },
    async stop() {
      if (alive) child.kill('SIGKILL');
      await exited;
      started.delete(server);
    },
  };
  started.add(server);

  const timeoutMs = options.timeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  while (!output.includes('Kitty is running at')) {
    if (!alive || Date.now() > deadline) {
      await server.stop();
      throw new Error(`The server did not start within ${timeoutMs} ms. Its output:\n${output}`);
    }
    await sleep(50);
  }
  return server;
}

/** Kills every server process the tests started (afterAll). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...started].map((server) => server.stop()));
  const open = sink;
  sink = undefined;
  await (await open)?.close();
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
