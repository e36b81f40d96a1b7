// The CLI's tests drive `kitty` as a subprocess against a real Kitty server process on embedded PGlite in a
// temporary folder, and against sockets that misbehave.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const CLI_DIR = resolve(import.meta.dirname, '..');
const SERVER_DIR = resolve(CLI_DIR, '../server');
/** The launcher `pnpm kitty` and the installed `kitty` run: the TypeScript source through tsx. */
export const KITTY_BIN = join(CLI_DIR, 'bin/kitty.js');

let bundled: string | undefined;
let bundleDir: string | undefined;

/**
 * The same source bundled into one file by esbuild, once per test file: each run then starts in about 0.4 s
 * instead of the 3 to 4 s tsx takes to load effect's modules through its hooks, which keeps some fifty runs
 * within the project's time. The tests that are about the launcher itself (--help, Ctrl-C, the terminal) run
 * KITTY_BIN.
 */
export async function bundleKitty(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kitty-cli-bundle-'));
  const outfile = join(dir, 'kitty.mjs');
  await build({
    entryPoints: [join(CLI_DIR, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // Some CommonJS dependencies call require(): give the ES module one.
    banner: {
      js: "import { createRequire as __kittyRequire } from 'node:module'; const require = __kittyRequire(import.meta.url);",
    },
  });
  bundled = outfile;
  bundleDir = dir;
  return outfile;
}

/** Removes the bundle (afterAll). */
export function removeBundle(): void {
  if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
  bundled = undefined;
  bundleDir = undefined;
}
export const PASSPHRASE = 'cli tests passphrase';

const children = new Set<ChildProcess>();
// No process outlives the test worker, even when it ends abruptly.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export interface KittyServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** `node --import tsx src/main.ts` in packages/server on a free port, resolved once it says it is running. */
export async function startServer(): Promise<KittyServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kitty-cli-server-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      REGISTRATION_PASSPHRASE: PASSPHRASE,
      JWT_SECRET: 'cli-tests-secret-that-is-long-enough-for-hs256',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(dataDir, 'no-web-build'),
      RECURRING_INTERVAL_MS: 'off',
      RATE_LIMIT_LOGIN_ADDRESS: 'off',
      RATE_LIMIT_LOGIN_EMAIL: 'off',
      RATE_LIMIT_LOGIN_FAILURES: 'off',
      RATE_LIMIT_REGISTER_ADDRESS: 'off',
      RATE_LIMIT_WRITES: 'off',
      RATE_LIMIT_LOOKUPS: 'off',
    },
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
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      children.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
      done();
    }),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const deadline = Date.now() + 90_000;
  let port: string | undefined;
  while (!port) {
    port = /Kitty is running at http:\/\/[^:\s]+:(\d+)/.exec(output)?.[1];
    if (port) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not start. Its output:\n${output}`);
    }
    await sleep(50);
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}

export interface Person {
  id: string;
  token: string;
  email: string;
  password: string;
  first_name: string;
}

/** An account made through POST /api/users/register with the instance's passphrase. */
export async function register(server: string, first_name: string, last_name = 'Tester'): Promise<Person> {
  const email = `${first_name.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = `${first_name}-long-password`;
  const response = await fetch(`${server}/api/users/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, first_name, last_name, password, passphrase: PASSPHRASE }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  const user = (await response.json()) as { id: string; token: string };
  return { id: user.id, token: user.token, email, password, first_name };
}

/** A JSON call to the server as `token` (the tests' own setup, beside the CLI); fails unless 2xx. */
export async function call<T>(server: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from start to exit. */
  ms: number;
}

export interface RunOptions {
  /** Its own config folder (XDG_CONFIG_HOME). */
  configHome: string;
  env?: Record<string, string>;
  /** Written to stdin, then stdin is closed (always closed: never a terminal). */
  input?: string;
  /** Called once the process is running, with it (to signal it). */
  started?: (child: ChildProcess) => void;
  /** Run the launcher (bin/kitty.js through tsx) rather than the bundle. */
  launcher?: boolean;
}

function entry(options: Pick<RunOptions, 'launcher'>): string {
  if (options.launcher) return KITTY_BIN;
  if (!bundled) throw new Error('call bundleKitty() first (beforeAll)');
  return bundled;
}

/** A clean environment for `kitty`: no terminal, no colour, its own HOME and config folder. */
function kittyEnv(options: RunOptions): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: options.configHome,
    XDG_CONFIG_HOME: options.configHome,
    TZ: 'UTC',
    NO_COLOR: '1',
    ...options.env,
  };
}

/** Runs `kitty ...args` to its end; stdout and stderr are pipes, so its output is the plain one. */
export function kitty(args: readonly string[], options: RunOptions): Promise<Run> {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [entry(options), ...args], {
    env: kittyEnv(options),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.end(options.input ?? '');
  options.started?.(child);
  return new Promise((done) => {
    child.once('close', (code, signal) => {
      children.delete(child);
      done({ code, signal, stdout, stderr, ms: Date.now() - startedAt });
    });
  });
}

/**
 * Runs `kitty ...args` in a pseudo-terminal (util-linux `script`): stdin and stdout are a terminal, so it may
 * ask. `answer(output)` is called as output arrives and returns what to type next, if anything.
 */
export function kittyInTerminal(
  args: readonly string[],
  options: RunOptions & { answer: (output: string) => string | undefined },
): Promise<Run & { output: string }> {
  const startedAt = Date.now();
  const command = [process.execPath, entry(options), ...args]
    .map((a) => `'${a.replaceAll("'", `'\\''`)}'`)
    .join(' ');
  const child = spawn('script', ['--quiet', '--flush', '--return', '--command', command, '/dev/null'], {
    env: { ...kittyEnv(options), TERM: 'xterm' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    const typed = options.answer(output);
    if (typed !== undefined) child.stdin.write(typed);
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((done) => {
    child.once('close', (code, signal) => {
      children.delete(child);
      done({ code, signal, stdout: output, stderr, output, ms: Date.now() - startedAt });
    });
  });
}

/** A folder of its own for a config file, removed by the returned function. */
export function configHome(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'kitty-cli-config-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Socketry {
  readonly url: string;
  /** Requests received so far (connections that sent something; fetch also opens idle spare ones). */
  readonly requests: number;
  /** Resolves when `n` requests have arrived. */
  received(n: number): Promise<void>;
  /** Resolves when every connection has been closed by the client. */
  allClosed(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP server on a free port that never answers: `hang` keeps each connection open and silent (a server
 * that stopped responding), `reset` cuts it once the request has arrived (a server going down).
 */
export async function misbehavingServer(kind: 'hang' | 'reset'): Promise<Socketry> {
  const sockets = new Set<Socket>();
  let requests = 0;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      wake();
    });
    socket.once('data', () => {
      requests += 1;
      // Cut once the request is in: cut before it, Node 20's fetch waits forever on the first connection.
      if (kind === 'reset') socket.destroy();
      wake();
    });
    socket.resume();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  const until = (test: () => boolean) =>
    new Promise<void>((done) => {
      const check = () => {
        if (!test()) return;
        waiters.delete(check);
        done();
      };
      waiters.add(check);
      check();
    });
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    received: (n) => until(() => requests >= n),
    allClosed: () => until(() => sockets.size === 0),
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** An address where nothing listens (a port that was free a moment ago): connections are refused. */
export async function nobodyListening(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return `http://127.0.0.1:${port}`;
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** The tab-separated rows of plain output. */
export const rows = (stdout: string): string[][] =>
  stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
