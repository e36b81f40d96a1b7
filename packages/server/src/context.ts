import type { onRequestHookHandler } from 'fastify';
import type { AttemptLimiter } from './auth/attempts';
import type { Recaptcha } from './auth/recaptcha';
import type { Tokens } from './auth/tokens';
import type { Config } from './config';
import type { Db } from './db';
import type { Permits } from './db/permits';
import type { AccountLimiter } from './http/account-limit';
import type { Contract } from './http/contract';
import type { RateLimiter } from './http/rate-limit';
import type { CurrentUser } from './users/repo';

/** Everything a route module or service needs, built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  contract: Contract;
  tokens: Tokens;
  recaptcha: Recaptcha;
  /** The clock of everything that depends on today (recurring expenses); tests set it. */
  now: () => Date;
  /**
   * What bulk work (a receipt's file, an import, a recurring backfill) runs through, so that together it
   * takes at most DATABASE_BULK_CONNECTIONS of the pool's connections.
   */
  bulk: Permits;
  limits: {
    /** Wrong passwords per client address and e-mail. */
    login: AttemptLimiter;
    /** Wrong passwords per e-mail from any address: past it, sign-ins for the e-mail are slowed down. */
    loginEmail: AttemptLimiter;
    /** Wrong registration passphrases per client address. */
    passphrase: AttemptLimiter;
    /** Wrong registration passphrases on the whole instance (one key). */
    passphraseInstance: AttemptLimiter;
    /** Requests per address, e-mail or account (RATE_LIMIT_*), in the same store as the two above. */
    requests: RateLimiter;
    /** Requests of one account answered at once (ACCOUNT_CONCURRENCY, ACCOUNT_QUEUE). */
    accounts: AccountLimiter;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    db: Db;
    /** Answers 401 unless the request carries a valid token of a registered user; sets request.user. */
    authenticate: onRequestHookHandler;
  }
  interface FastifyRequest {
    /** The signed-in user on routes that require authentication; null elsewhere. */
    user: CurrentUser | null;
    /** When the token of request.user expires (ms since the epoch); null where there is no user. */
    tokenExpiresAt: number | null;
  }
}
