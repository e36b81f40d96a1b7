import { RATE_LIMIT_VARIABLES } from './config-security';

/** Every environment variable the server reads: the README and CONFIG.md show this table. */
export interface ConfigVariable {
  name: string;
  default: string;
  description: string;
}

const RATE_LIMIT_DESCRIPTIONS: Record<(typeof RATE_LIMIT_VARIABLES)[number][0], string> = {
  RATE_LIMIT_LOGIN_ADDRESS: 'Login attempts per client address.',
  RATE_LIMIT_LOGIN_EMAIL:
    'Wrong passwords per e-mail, from any address. Past it every sign-in for that e-mail waits one second (never refused: a stranger cannot lock the owner out).',
  RATE_LIMIT_LOGIN_FAILURES: 'Wrong passwords per client address and e-mail (a correct one clears them).',
  RATE_LIMIT_REGISTER_ADDRESS: 'Registration attempts per client address.',
  RATE_LIMIT_REGISTER_EMAIL: 'Registration attempts per e-mail, from any address, whatever their outcome.',
  RATE_LIMIT_PASSPHRASE_FAILURES: 'Wrong registration passphrases per client address.',
  RATE_LIMIT_PASSPHRASE_INSTANCE:
    'Wrong registration passphrases on the whole instance, from any address. Past it every registration gets 429 until the window closes (logged as a warning).',
  RATE_LIMIT_MAIL_LINKS:
    'E-mails with a link ("Resend" of the verification link, "Forgot password?") per signed-in account, per client address and per e-mail, whether or not the e-mail has an account.',
  RATE_LIMIT_LOOKUPS:
    'Calls that reveal whether an e-mail has an account (check-email, user search beyond connected people, invite, add a member, import a file) per signed-in account.',
  RATE_LIMIT_WRITES: 'Changes (POST, PUT, PATCH, DELETE) per signed-in account.',
};

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', default: '3000', description: 'TCP port the server listens on.' },
  {
    name: 'HOST',
    default: '127.0.0.1',
    description: 'Interface to listen on. Use `0.0.0.0` to accept connections from other machines.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset: embedded PGlite)',
    description:
      'PostgreSQL connection string (`postgres://user@host:5432/db`). Unset: the embedded PGlite database in `DATA_DIR/pglite`. `memory://` keeps PGlite in memory (lost on exit).',
  },
  {
    name: 'DATA_DIR',
    default: '`data/` at the repository root',
    description: 'Folder for the embedded database and the generated passphrase and token secret.',
  },
  {
    name: 'REGISTRATION_PASSPHRASE',
    default: '(generated)',
    description:
      'Shared passphrase needed to create an account. Unset: generated once, kept in `DATA_DIR/passphrase` and printed at start.',
  },
  {
    name: 'JWT_SECRET',
    default: '(generated)',
    description:
      'Secret that signs sign-in tokens (at least 32 characters). Unset: generated once and kept in `DATA_DIR/jwt-secret` (mode 0600). Changing it signs everyone out.',
  },
  {
    name: 'TOKEN_TTL',
    default: '7d',
    description: 'How long a sign-in token lasts: a number with `s`, `m`, `h` or `d` (`7d`, `12h`, `3600s`).',
  },
  {
    name: 'RECAPTCHA_SECRET',
    default: '(unset: off)',
    description:
      'reCAPTCHA v3 secret key. When set, login and registration require a passing reCAPTCHA token.',
  },
  {
    name: 'RECAPTCHA_SITE_KEY',
    default: '(unset)',
    description: 'reCAPTCHA v3 site key sent to the web app. Required when `RECAPTCHA_SECRET` is set.',
  },
  {
    name: 'RECAPTCHA_VERIFY_URL',
    default: 'https://www.google.com/recaptcha/api/siteverify',
    description: 'Where reCAPTCHA tokens are verified.',
  },
  {
    name: 'RECAPTCHA_MIN_SCORE',
    default: '0.5',
    description: 'Lowest reCAPTCHA score (0 to 1) accepted as human.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset: e-mails are logged)',
    description:
      "SMTP server for invitation, address verification and password reset e-mails, each in the recipient's language, English or Czech (`smtp://user:pass@host:587`). Unset: each e-mail is only logged, verification and reset links included (pass them on by hand).",
  },
  { name: 'MAIL_FROM', default: 'Kitty <kitty@localhost>', description: 'Sender address of e-mails.' },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:PORT',
    description: 'Address people use to reach the app; used in links inside e-mails.',
  },
  {
    name: 'ADMIN_EMAILS',
    default: '(none)',
    description: 'Comma-separated e-mail addresses of administrators (may change the app configuration).',
  },
  {
    name: 'WEB_DIST',
    default: '`packages/web/dist`',
    description: 'Folder of the built web app served at `/` (build it with `pnpm build`).',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Which reverse proxies to believe about the client (`X-Forwarded-For`, `X-Forwarded-Proto`). `false`: the connecting address is the client and those headers are ignored. `true`: any proxy (only when nothing can reach the server directly). A number of proxy hops, or comma-separated addresses and CIDRs (`127.0.0.1`, `10.0.0.0/8`, `loopback`). Behind a proxy, set it: the per-address rate limits and HSTS depend on it.',
  },
  {
    name: 'CORS_ORIGINS',
    default: '(none: CORS closed)',
    description:
      'Comma-separated origins (`https://app.example.com`, exact match) whose web pages may call the API. Unset: no cross-origin access.',
  },
  {
    name: 'REDIS_URL',
    default: '(unset: in memory)',
    description:
      'Redis (`redis://127.0.0.1:6379`) holding the rate-limit counters, so several server processes share them. Unset: each process counts in its own memory. If Redis stops answering, each process counts in memory until it is back.',
  },
  ...RATE_LIMIT_VARIABLES.map(([name, , fallback]) => ({
    name,
    default: fallback,
    description: `${RATE_LIMIT_DESCRIPTIONS[name]} Format \`count/window\` (window in \`s\`, \`m\`, \`h\` or \`d\`) or \`off\`.`,
  })),
  {
    name: 'RECURRING_INTERVAL_MS',
    default: '60000',
    description:
      'How often (milliseconds, 1000 to 86400000) each server process creates the occurrences of recurring expenses whose day has begun; it also does at start. `off`: this process never does (another must). Each occurrence is created once whatever the number of processes.',
  },
  {
    name: 'LIVE_STREAM_SECONDS',
    default: '900',
    description:
      'How long (seconds, 0 to 86400) a live stream (`GET /events`) stays open; then it ends and the app reconnects, catching up from the last event it read (its sign-in is checked again). 0: a stream sends what was missed and ends at once.',
  },
  {
    name: 'LIVE_POLL_MS',
    default: '300',
    description:
      'How often (milliseconds, 50 to 1000) each server process with open live streams reads the changes committed since (one query per process, whatever the number of streams).',
  },
  {
    name: 'IMPORT_WORKERS',
    default: '1',
    description:
      'Threads (1 to 16) of each server process that read the files sent to `POST /imports`, apart from the one answering requests, so a large file never holds up anyone else. Each account imports one file at a time, across all processes.',
  },
  {
    name: 'IMPORT_QUEUE',
    default: '4',
    description:
      'Files (0 to 1000) that may wait, in each server process, for a reader thread; one more is answered 503 with Retry-After.',
  },
  {
    name: 'IMPORT_WORKER_MEMORY_MB',
    default: '1024',
    description:
      'The heap (megabytes, 16 to 16384) of each reader thread. A file that needs more is refused (400) and its thread replaced; a 10 MiB export of 10,000 rows needs about 500.',
  },
  {
    name: 'LIVE_STREAMS_PER_ACCOUNT',
    default: '10',
    description:
      'Open live streams (1 to 1000) one account may have in one server process; the next is refused with 429 `RATE_LIMITED` until one ends. A browser holds one per tab.',
  },
  {
    name: 'DATABASE_POOL_SIZE',
    default: '10',
    description:
      "PostgreSQL connections (2 to 1000) each server process keeps at most. Several processes together must stay under the database's `max_connections`. Unused with PGlite (one connection).",
  },
  {
    name: 'DATABASE_BULK_CONNECTIONS',
    default: '2',
    description:
      "Of those, how many bulk work may use at once in a process (storing a receipt's file, an import, creating the past occurrences of a recurring expense, a pass of the recurring runner); more waits its turn without holding a connection, so the rest of the pool keeps answering everyone. 1 to `DATABASE_POOL_SIZE` − 1.",
  },
  {
    name: 'ACCOUNT_CONCURRENCY',
    default: '8',
    description:
      "Requests of one signed-in account (reads and writes) answered at once by one server process (1 to 10000), so that one account's flood leaves the rest of the instance answering. `off`: no limit.",
  },
  {
    name: 'ACCOUNT_QUEUE',
    default: '16',
    description:
      'Requests of one account (0 to 10000) that wait, at most 2 seconds, for one of its `ACCOUNT_CONCURRENCY` places; a request past them, or whose wait runs out, is refused at once with 429 `RATE_LIMITED` and `Retry-After: 1`.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'One of `fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`.',
  },
];

export function renderConfigTable(): string {
  const rows = CONFIG_VARIABLES.map((v) => `| \`${v.name}\` | ${v.default} | ${v.description} |`);
  return ['| variable | default | what it does |', '|---|---|---|', ...rows].join('\n');
}

export function renderConfigMarkdown(): string {
  return [
    '# Server configuration',
    '',
    'The server reads these environment variables at start. Every one is optional; a bad value stops the',
    'server with a message naming the variable. This file is generated from `src/config-vars.ts`',
    '(`npx tsx scripts/write-config-doc.ts` in `packages/server`); a test fails when it is stale.',
    '',
    renderConfigTable(),
    '',
  ].join('\n');
}
