import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { isUnavailable } from './db';
import { urlForLog } from './http/log-redaction';

// After SIGTERM or SIGINT, requests in flight get this long to finish; then their connections are cut.
const DRAIN_LIMIT_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

async function start(config: Config) {
  try {
    const app = await buildApp(config);
    trackRequests(app);
    await app.listen({ port: config.port, host: config.host });
    return app;
  } catch (error) {
    const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.database.dataDir;
    console.error(`Kitty could not start: ${(error as Error).message}`);
    if (isUnavailable(error)) console.error(`The database could not be reached: ${where}.`);
    process.exit(1);
  }
}

const inFlight = new Set<FastifyRequest>();
let closing = false;
/**
 * Counts the requests being answered (for the shutdown logs) and, once shutting down, closes each
 * connection after its answer: a kept-alive connection would otherwise hold the drain open until the
 * client lets it go.
 */
function trackRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    inFlight.add(request);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  const finished = (request: FastifyRequest) => {
    inFlight.delete(request);
    if (closing) app.server.closeIdleConnections();
  };
  app.addHook('onResponse', (request, _reply, done) => {
    finished(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    finished(request);
    done();
  });
}

const config = readConfig();
const app = await start(config);

const { port } = app.server.address() as { port: number };
console.log(`\nKitty is running at ${config.publicUrl.replace(`:${config.port}`, `:${port}`)}`);
if (config.passphraseSource !== 'env') {
  console.log(`Registration passphrase: ${config.passphrase}  (kept in ${config.passphraseFile})\n`);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1); // a second Ctrl+C does not wait
    closing = true;
    const startedAt = Date.now();
    app.log.info(
      { signal, inFlight: inFlight.size, drainLimitMs: DRAIN_LIMIT_MS },
      'shutting down: refusing new connections, finishing the requests in flight',
    );
    const limit = setTimeout(() => {
      app.log.error(
        // The Set itself logged as {}; each request as its log lines show it (no credential).
        {
          inFlight: [...inFlight].map((r) => `${r.method} ${urlForLog(r.url)}`),
          drainLimitMs: DRAIN_LIMIT_MS,
        },
        'requests unfinished at the drain limit: cut off',
      );
      app.server.closeAllConnections();
      process.exit(1);
    }, DRAIN_LIMIT_MS);
    // Closes the server (every request in flight is answered first), then the database.
    app.server.closeIdleConnections();
    app.close().then(
      () => {
        clearTimeout(limit);
        app.log.info(
          { drainedInMs: Date.now() - startedAt },
          'stopped: every request in flight was answered',
        );
        process.exit(0);
      },
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
