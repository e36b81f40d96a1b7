import { isIP } from 'node:net';

/** At most `max` requests per key in a window of `windowMs` that opens at the key's first request. */
export interface RateRule {
  max: number;
  windowMs: number;
}

/** Each limit, or null when its variable says `off`. */
export interface RateLimitsConfig {
  /** Every login attempt per client address. */
  loginPerAddress: RateRule | null;
  /**
   * Wrong passwords per e-mail, from wherever they come: past it every sign-in for that e-mail waits a
   * moment (LOGIN_SLOWDOWN_MS) before its password is checked. Never a refusal: a stranger must not be able
   * to lock the owner out.
   */
  loginPerEmail: RateRule | null;
  /** Wrong passwords per client address and e-mail (a success clears them). */
  loginFailures: RateRule | null;
  /** Every registration attempt per client address. */
  registerPerAddress: RateRule | null;
  /** Every registration attempt per e-mail, from wherever it comes and whatever its outcome. */
  registerPerEmail: RateRule | null;
  /** Wrong registration passphrases per client address. */
  passphraseFailures: RateRule | null;
  /** Wrong registration passphrases on the whole instance, whoever sends them: then 429 for everyone. */
  passphraseInstance: RateRule | null;
  /** E-mails with a link (resend verification, forgot password) per account, client address and e-mail. */
  mailLinks: RateRule | null;
  /** Calls that tell whether an e-mail has an account (check-email, user search, invite, add member). */
  lookupsPerAccount: RateRule | null;
  /** Every signed-in POST, PUT, PATCH and DELETE per account. */
  writesPerAccount: RateRule | null;
}

/** Fastify's trustProxy: false (the socket address), true (any proxy), a hop count, or addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

export interface SecurityConfig {
  rateLimits: RateLimitsConfig;
  /** Shared rate-limit counters live there when set (several server processes); otherwise in memory. */
  redisUrl: string | null;
  /** Origins (`https://app.example.com`) that may call the API from a browser; empty: CORS closed. */
  corsOrigins: string[];
  trustProxy: TrustProxy;
}

/** Variable name, config key and default of every rate limit. */
export const RATE_LIMIT_VARIABLES = [
  ['RATE_LIMIT_LOGIN_ADDRESS', 'loginPerAddress', '30/15m'],
  ['RATE_LIMIT_LOGIN_EMAIL', 'loginPerEmail', '10/15m'],
  ['RATE_LIMIT_LOGIN_FAILURES', 'loginFailures', '5/15m'],
  ['RATE_LIMIT_REGISTER_ADDRESS', 'registerPerAddress', '10/1h'],
  ['RATE_LIMIT_REGISTER_EMAIL', 'registerPerEmail', '5/1h'],
  ['RATE_LIMIT_PASSPHRASE_FAILURES', 'passphraseFailures', '5/15m'],
  ['RATE_LIMIT_PASSPHRASE_INSTANCE', 'passphraseInstance', '50/1h'],
  ['RATE_LIMIT_MAIL_LINKS', 'mailLinks', '5/1h'],
  ['RATE_LIMIT_LOOKUPS', 'lookupsPerAccount', '60/1m'],
  ['RATE_LIMIT_WRITES', 'writesPerAccount', '600/1m'],
] as const satisfies readonly (readonly [string, keyof RateLimitsConfig, string])[];

type Check = <T>(name: string, parse: (raw: string) => T, fallback: T) => T;

export function readSecurity(check: Check): SecurityConfig {
  const rateLimits = {} as RateLimitsConfig;
  for (const [name, key, fallback] of RATE_LIMIT_VARIABLES) {
    rateLimits[key] = check(name, parseRateRule, parseRateRule(fallback));
  }
  return {
    rateLimits,
    redisUrl: check('REDIS_URL', parseRedisUrl, null),
    corsOrigins: check('CORS_ORIGINS', parseOrigins, []),
    trustProxy: check('TRUST_PROXY', parseTrustProxy, false),
  };
}

const WINDOW_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `10/15m` (10 per 15 minutes), `600/1m`, `5/1h`, or `off`. */
export function parseRateRule(raw: string): RateRule | null {
  if (raw.toLowerCase() === 'off') return null;
  const match = /^(\d+)\s*\/\s*(\d+)\s*([smhd])$/.exec(raw);
  const max = Number(match?.[1]);
  const windowMs = Number(match?.[2]) * (WINDOW_UNITS[match?.[3] ?? ''] ?? Number.NaN);
  if (!match || max < 1 || max > 1_000_000 || !(windowMs >= 1000 && windowMs <= 7 * 86_400_000)) {
    throw new Error('must be a count per window like 10/15m, 600/1m or 5/1h (window 1s to 7d), or off');
  }
  return { max, windowMs };
}

function parseRedisUrl(raw: string): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {}
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:')) {
    throw new Error('must be a URL starting with redis:// or rediss://, like redis://127.0.0.1:6379');
  }
  return raw;
}

/** Exact origins: scheme, host and port, no path (what a browser sends in the Origin header). */
export function parseOrigins(raw: string): string[] {
  const origins = raw
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {}
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) {
      throw new Error(
        `must list origins like https://app.example.com, without paths; "${origin}" is not one`,
      );
    }
  }
  return origins;
}

// Names proxy-addr (Fastify's trustProxy) understands besides addresses and CIDRs.
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `false`, `true`, a number of proxy hops, or comma-separated addresses, CIDRs or proxy-addr names. */
export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.toLowerCase();
  if (value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 10) throw new Error('as a number of proxy hops must be from 1 to 10');
    return hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!PROXY_NAMES.has(entry) && !isAddressOrCidr(entry)) {
      throw new Error(
        `must be true, false, a number of hops, or comma-separated addresses or CIDRs; "${entry}" is none of them`,
      );
    }
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const prefix = /^\d+$/.test(bits) ? Number(bits) : -1;
  return prefix >= 0 && prefix <= (family === 4 ? 32 : 128);
}
