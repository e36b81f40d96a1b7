import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster of its own (initdb into a temporary folder, its own port), so a test
 * can stop the database under load without touching the machine's main cluster that other tests use.
 */
export interface Cluster {
  readonly port: number;
  /** Superuser URL of its `postgres` database (trust authentication, loopback only). */
  readonly adminUrl: string;
  /** `pg_ctl stop -m immediate`: every backend dies at once, as when the database machine fails. */
  stopImmediately(): Promise<void>;
  start(): Promise<void>;
  /**
   * SIGSTOP to the postmaster and every backend: connections stay open and accept bytes, nothing
   * answers (a database machine that hangs). `thaw` resumes them.
   */
  freeze(): void;
  thaw(): void;
  /** Stops it (if running) and deletes its folder. */
  destroy(): Promise<void>;
}

function binDir(): string {
  if (process.env.KITTY_TEST_PG_BIN) return process.env.KITTY_TEST_PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error(
      `No PostgreSQL server binaries (initdb, pg_ctl) under ${root}: the fault tests start a throwaway ` +
        'cluster with them. Install the postgresql package or set KITTY_TEST_PG_BIN to their folder.',
    );
  }
  return join(root, versions[0], 'bin');
}

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` system user. */
async function asOwner(command: string, args: string[], timeout = 60_000) {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return run(file, argv, { timeout });
}

export async function startCluster(): Promise<Cluster> {
  const bin = binDir();
  const root = mkdtempSync(join(tmpdir(), 'kitty-pg-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = join(root, 'data');
  const port = await freePort();
  await asOwner(join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c max_connections=60',
  ].join(' ');
  let running = false;
  let frozen: number[] = [];
  const cluster: Cluster = {
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await asOwner(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(root, 'log'), '-w', 'start']);
      running = true;
    },
    async stopImmediately() {
      await asOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    freeze() {
      const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      frozen = [postmaster, ...childrenOf(postmaster)];
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    thaw() {
      for (const pid of [...frozen].reverse()) {
        try {
          process.kill(pid, 'SIGCONT');
        } catch {
          // gone meanwhile
        }
      }
      frozen = [];
    },
    async destroy() {
      cluster.thaw();
      if (running) await cluster.stopImmediately().catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return cluster;
}

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: the command may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return children;
}
