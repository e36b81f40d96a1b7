import { join, resolve } from 'node:path';
import { readSecurity, type SecurityConfig } from './config-security';
import type { AccountLimitConfig } from './http/account-limit';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_DIST } from './paths';
import { generateJwtSecret, generatePassphrase, readOrCreateSecret } from './secrets';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /** dataDir is a folder, or `memory://` for a database that lives only in memory. */
  | { kind: 'pglite'; dataDir: string };

export interface RecaptchaConfig {
  secret: string;
  siteKey: string;
  verifyUrl: string;
  minScore: number;
}

export interface Config extends SecurityConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  dataDir: string;
  passphrase: string;
  /** env: from REGISTRATION_PASSPHRASE; generated: created by this start; stored: read from DATA_DIR. */
  passphraseSource: 'env' | 'generated' | 'stored';
  passphraseFile: string | null;
  jwtSecret: string;
  tokenTtlSeconds: number;
  recaptcha: RecaptchaConfig | null;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  adminEmails: string[];
  webDist: string;
  logLevel: LogLevel;
  /** How often each server process looks for recurring expenses whose day has come; null: never (off). */
  recurringIntervalMs: number | null;
  /** How long a live stream (GET /events) stays open before the client is asked to reconnect; 0: at once. */
  liveStreamSeconds: number;
  /** How often each process reads the new live changes while it has open streams. */
  livePollMs: number;
  /** The threads that read import files in each process, the files that may wait for one, each one's heap. */
  imports: { workers: number; queue: number; workerMemoryMb: number };
  /** Open live streams one account may have in one process. */
  liveStreamsPerAccount: number;
  /** PostgreSQL connections of one process (PGlite has one). */
  databasePoolSize: number;
  /** Of those, how many bulk work (receipt files, imports, recurring backfills) may use at once. */
  databaseBulkConnections: number;
  /** Requests of one account answered at once per process, and how many may wait; null: off. */
  accountLimit: AccountLimitConfig | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Reads the environment into a typed config; creates the generated secrets in DATA_DIR when needed. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const check = <T>(name: string, parse: (raw: string) => T, fallback: T): T => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    try {
      return parse(raw);
    } catch (error) {
      problems.push(`${name} ${(error as Error).message} (got "${raw}")`);
      return fallback;
    }
  };

  const port = check('PORT', parsePort, 3000);
  const host = read('HOST') ?? '127.0.0.1';
  const dataDir = resolve(read('DATA_DIR') ?? DEFAULT_DATA_DIR);
  const database = check('DATABASE_URL', parseDatabaseUrl, {
    kind: 'pglite',
    dataDir: join(dataDir, 'pglite'),
  });
  const tokenTtlSeconds = check('TOKEN_TTL', parseDuration, 7 * 24 * 3600);
  const jwtSecretEnv = check('JWT_SECRET', parseJwtSecret, undefined);
  const recaptcha = readRecaptcha(read, check, problems);
  const smtpUrl = check('SMTP_URL', (raw) => parseUrl(raw, ['smtp:', 'smtps:']), null);
  const publicUrl = check(
    'PUBLIC_URL',
    (raw) => parseUrl(raw, ['http:', 'https:']).replace(/\/+$/, ''),
    null,
  );
  const adminEmails = (read('ADMIN_EMAILS') ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  const logLevel = check('LOG_LEVEL', parseLogLevel, 'info');
  const recurringIntervalMs = check('RECURRING_INTERVAL_MS', parseInterval, 60_000);
  const liveStreamSeconds = check('LIVE_STREAM_SECONDS', (raw) => parseWhole(raw, 0, 86_400), 900);
  const livePollMs = check('LIVE_POLL_MS', (raw) => parseWhole(raw, 50, 1_000), 300);
  const imports = {
    workers: check('IMPORT_WORKERS', (raw) => parseWhole(raw, 1, 16), 1),
    queue: check('IMPORT_QUEUE', (raw) => parseWhole(raw, 0, 1000), 4),
    workerMemoryMb: check('IMPORT_WORKER_MEMORY_MB', (raw) => parseWhole(raw, 16, 16_384), 1024),
  };
  const liveStreamsPerAccount = check('LIVE_STREAMS_PER_ACCOUNT', (raw) => parseWhole(raw, 1, 1_000), 10);
  const databasePoolSize = check('DATABASE_POOL_SIZE', (raw) => parseWhole(raw, 2, 1_000), 10);
  const databaseBulkConnections = check(
    'DATABASE_BULK_CONNECTIONS',
    (raw) => parseWhole(raw, 1, databasePoolSize - 1),
    Math.min(2, databasePoolSize - 1),
  );
  const accountConcurrency = check('ACCOUNT_CONCURRENCY', (raw) => parseWholeOrOff(raw, 1, 10_000), 8);
  const accountQueue = check('ACCOUNT_QUEUE', (raw) => parseWhole(raw, 0, 10_000), 16);
  const security = readSecurity(check);

  if (problems.length > 0) throw new ConfigError(problems);

  const passphraseEnv = read('REGISTRATION_PASSPHRASE');
  const passphrase = passphraseEnv
    ? { value: passphraseEnv, created: false, file: null }
    : readOrCreateSecret(dataDir, 'passphrase', generatePassphrase);
  const jwtSecret = jwtSecretEnv ?? readOrCreateSecret(dataDir, 'jwt-secret', generateJwtSecret).value;

  return {
    port,
    host,
    database,
    dataDir,
    passphrase: passphrase.value,
    passphraseSource: passphraseEnv ? 'env' : passphrase.created ? 'generated' : 'stored',
    passphraseFile: passphrase.file,
    jwtSecret,
    tokenTtlSeconds,
    recaptcha,
    smtpUrl,
    mailFrom: read('MAIL_FROM') ?? 'Kitty <kitty@localhost>',
    publicUrl: publicUrl ?? `http://localhost:${port}`,
    adminEmails,
    webDist: resolve(read('WEB_DIST') ?? DEFAULT_WEB_DIST),
    logLevel,
    recurringIntervalMs,
    liveStreamSeconds,
    livePollMs,
    imports,
    liveStreamsPerAccount,
    databasePoolSize,
    databaseBulkConnections,
    accountLimit:
      accountConcurrency === null ? null : { concurrent: accountConcurrency, queue: accountQueue },
    ...security,
  };
}

function readRecaptcha(
  read: (name: string) => string | undefined,
  check: <T>(name: string, parse: (raw: string) => T, fallback: T) => T,
  problems: string[],
): RecaptchaConfig | null {
  const secret = read('RECAPTCHA_SECRET');
  const siteKey = read('RECAPTCHA_SITE_KEY');
  const verifyUrl = check(
    'RECAPTCHA_VERIFY_URL',
    (raw) => parseUrl(raw, ['http:', 'https:']),
    'https://www.google.com/recaptcha/api/siteverify',
  );
  const minScore = check('RECAPTCHA_MIN_SCORE', parseScore, 0.5);
  if (!secret) return null;
  if (!siteKey) {
    problems.push('RECAPTCHA_SITE_KEY is required when RECAPTCHA_SECRET is set (the web app needs it)');
    return null;
  }
  return { secret, siteKey, verifyUrl, minScore };
}

export function parsePort(raw: string): number {
  const port = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error('must be a whole number between 0 and 65535');
  }
  return port;
}

export function parseDatabaseUrl(raw: string): DatabaseConfig {
  if (raw === 'memory://') return { kind: 'pglite', dataDir: 'memory://' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('must be a PostgreSQL URL like postgres://user@host:5432/kitty, or memory://');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error('must start with postgres:// or postgresql://, or be memory://');
  }
  return { kind: 'postgres', url: raw };
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** `7d`, `12h`, `30m`, `45s` or a bare number of seconds. */
export function parseDuration(raw: string): number {
  const match = /^(\d+)\s*([smhd]?)$/.exec(raw);
  const seconds = match ? Number(match[1]) * (UNIT_SECONDS[match[2] || 's'] ?? 1) : 0;
  if (!match || seconds < 60 || seconds > 366 * 86400) {
    throw new Error('must be a duration between 1 minute and 366 days, like 7d, 12h, 30m or 3600s');
  }
  return seconds;
}

/** Milliseconds from 1 second to 1 day, or `off`. */
export function parseInterval(raw: string): number | null {
  if (raw.toLowerCase() === 'off') return null;
  const ms = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(ms) || ms < 1000 || ms > 86_400_000) {
    throw new Error('must be a whole number of milliseconds from 1000 to 86400000, or off');
  }
  return ms;
}

function parseWhole(raw: string, min: number, max: number): number {
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`must be a whole number from ${min} to ${max}`);
  return n;
}

function parseWholeOrOff(raw: string, min: number, max: number): number | null {
  if (raw.toLowerCase() === 'off') return null;
  try {
    return parseWhole(raw, min, max);
  } catch {
    throw new Error(`must be a whole number from ${min} to ${max}, or off`);
  }
}

function parseJwtSecret(raw: string): string {
  if (raw.length < 32) throw new Error('must be at least 32 characters long');
  return raw;
}

function parseScore(raw: string): number {
  const score = /^(0(\.\d+)?|1(\.0+)?)$/.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isNaN(score)) throw new Error('must be a number from 0 to 1, like 0.5');
  return score;
}

function parseUrl(raw: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new Error(`must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

function parseLogLevel(raw: string): LogLevel {
  const level = raw.toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`must be one of ${LOG_LEVELS.join(', ')}`);
  return level as LogLevel;
}
