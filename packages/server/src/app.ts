import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import pretty from 'pino-pretty';
import { accountRoutes } from './account/routes';
import { blockRoutes } from './blocks/routes';
import { configRoutes } from './appconfig/routes';
import { type AttemptLimit, AttemptLimiter } from './auth/attempts';
import { createAuthenticate } from './auth/authenticate';
import { createRecaptcha } from './auth/recaptcha';
import { createTokens } from './auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import { type Db, openDb } from './db';
import { migrate } from './db/migrate';
import { Permits } from './db/permits';
import { expenseRoutes } from './expenses/routes';
import { financialRoutes } from './financial/routes';
import { groupRoutes } from './groups/routes';
import { importRoutes } from './imports/routes';
import { type Contract, loadContract } from './http/contract';
import { liveRoutes } from './live/routes';
import { registerErrorHandler } from './http/error-handler';
import { clientErrorHandler, frameworkErrorHandler } from './http/framework-errors';
import { registerJsonParser } from './http/json-numbers';
import { notFound } from './http/errors';
import { RateLimiter, registerRateLimits } from './http/rate-limit';
import { receiptRoutes } from './receipts/routes';
import { CENSOR, REDACT, requestForLog } from './http/log-redaction';
import { requestLogger } from './http/request-logger';
import { MemoryRateStore, type RateStore } from './http/rate-store';
import { RedisRateStore } from './http/rate-store-redis';
import { appContentSecurityPolicy, fastifyTrustProxy, registerSecurity } from './http/security';
import { createValidators } from './http/validation';
import { AccountLimiter, registerAccountLimit } from './http/account-limit';
import { statisticsRoutes } from './statistics/routes';
import { recurringRoutes } from './recurring/routes';
import { registerRecurringRunner } from './recurring/runner';
import { registerDocs } from './system/docs';
import { systemRoutes } from './system/routes';
import { userRoutes } from './users/routes';
import { pageStyles } from './web/pages';
import { registerWeb } from './web/static';

export interface AppDeps {
  /** A database to use as it is (already migrated); the app neither migrates nor closes it. */
  db?: Db;
  contract?: Contract;
  fetch?: typeof fetch;
  /** Where logs go (tests capture them); default stdout, prettified when it is a terminal. */
  logStream?: Writable;
  /** Override RATE_LIMIT_LOGIN_FAILURES and RATE_LIMIT_PASSPHRASE_FAILURES. */
  limits?: { login?: AttemptLimit; passphrase?: AttemptLimit };
  /** Prefix of the Redis keys when REDIS_URL is set (tests use their own). */
  redisPrefix?: string;
  /** The clock of what depends on today (recurring expenses); default the system's. */
  now?: () => Date;
}

/**
 * Builds the server: opens and migrates the database (unless one is given), then registers the error
 * handling, contract validation, routes and the web app. Listening is the caller's business; closing
 * the app closes the server first, then the database it opened.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const styles = pageStyles(config.webDist);
  // The policy of answers made before our hooks run (an error answer shows no page: the app's policy).
  const policy = appContentSecurityPolicy(config.recaptcha !== null, styles);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: CENSOR },
      serializers: { req: requestForLog },
      stream:
        deps.logStream ?? (process.stdout.isTTY ? pretty({ translateTime: 'SYS:HH:MM:ss' }) : process.stdout),
    },
    childLoggerFactory: requestLogger,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    frameworkErrors: frameworkErrorHandler(policy),
    clientErrorHandler: clientErrorHandler(policy),
  });
  app.setValidatorCompiler(createValidators());
  registerJsonParser(app);
  registerErrorHandler(app);
  registerSecurity(app, {
    recaptcha: config.recaptcha !== null,
    corsOrigins: config.corsOrigins,
    pageStyles: styles,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const db =
    deps.db ??
    (await openDb(config.database, {
      max: config.databasePoolSize,
      onIdleError: (err) => app.log.warn({ err }, 'idle database connection failed'),
      onTransientRetry: (err, attempt) =>
        app.log.warn(
          { reason: err.message, attempt },
          'transaction rolled back by the database: running it again',
        ),
    }));
  if (!deps.db) {
    app.addHook('onClose', () => db.close());
    const applied = await migrate(db);
    if (applied.length > 0) app.log.info({ applied }, 'database migrated');
  }

  const rateStore = await openRateStore(config, app, deps.redisPrefix);
  app.addHook('onClose', () => rateStore.close());
  const rules = config.rateLimits;
  const ctx: AppContext = {
    config,
    db,
    contract: deps.contract ?? loadContract(),
    tokens: createTokens(config.jwtSecret, config.tokenTtlSeconds),
    recaptcha: createRecaptcha(config.recaptcha, app.log, deps.fetch),
    now: deps.now ?? (() => new Date()),
    bulk: new Permits(config.databaseBulkConnections),
    limits: {
      login: new AttemptLimiter(deps.limits?.login ?? rules.loginFailures, rateStore, 'login-failures'),
      loginEmail: new AttemptLimiter(rules.loginPerEmail, rateStore, 'login-email-failures'),
      passphrase: new AttemptLimiter(
        deps.limits?.passphrase ?? rules.passphraseFailures,
        rateStore,
        'passphrase-failures',
      ),
      passphraseInstance: new AttemptLimiter(rules.passphraseInstance, rateStore, 'passphrase-instance'),
      requests: new RateLimiter(rateStore),
      accounts: new AccountLimiter(config.accountLimit),
    },
  };
  app.decorate('ctx', ctx);
  app.decorate('db', db);
  app.decorate('authenticate', createAuthenticate(ctx));
  app.decorateRequest('user', null);
  app.decorateRequest('tokenExpiresAt', null);
  registerRateLimits(app, ctx.contract, rules, ctx.limits.requests);
  registerAccountLimit(app, ctx.limits.accounts);

  systemRoutes(app);
  await registerDocs(app);
  userRoutes(app);
  accountRoutes(app);
  blockRoutes(app);
  configRoutes(app);
  groupRoutes(app);
  expenseRoutes(app);
  receiptRoutes(app);
  financialRoutes(app);
  statisticsRoutes(app);
  recurringRoutes(app);
  importRoutes(app);
  liveRoutes(app);
  registerRecurringRunner(app, config.recurringIntervalMs);

  const webFallback = await registerWeb(app, config.webDist);
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi(request.url);
    return isPage ? webFallback(request, reply) : reply.code(404).send(notFound().toJSON());
  });
  return app;
}

/** Redis when REDIS_URL is set (counters shared by every server process), else this process's memory. */
async function openRateStore(
  config: Config,
  app: FastifyInstance,
  prefix = 'kitty:rate:',
): Promise<RateStore> {
  if (!config.redisUrl) return new MemoryRateStore();
  const store = new RedisRateStore({ url: config.redisUrl, prefix, log: app.log });
  await store.connect();
  return store;
}

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
