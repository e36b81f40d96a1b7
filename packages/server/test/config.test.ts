import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { CONFIG_VARIABLES, renderConfigMarkdown } from '../src/config-vars';
import { DEFAULT_WEB_DIST, REPO_ROOT } from '../src/paths';

const SECRET = 'x'.repeat(32);
const tempDir = () => mkdtempSync(join(tmpdir(), 'kitty-config-'));
const base = () => ({ DATA_DIR: tempDir(), REGISTRATION_PASSPHRASE: 'open sesame', JWT_SECRET: SECRET });

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...base(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration from the environment', () => {
  it('runs with nothing set: port 3000 on 127.0.0.1, embedded database in DATA_DIR, 7-day tokens', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      database: { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
      tokenTtlSeconds: 7 * 86400,
      recaptcha: null,
      webDist: DEFAULT_WEB_DIST,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
    });
    expect(DEFAULT_WEB_DIST).toBe(join(REPO_ROOT, 'packages/web/dist'));
  });

  it('names the variable, the rule and the value for every bad setting, all at once', () => {
    const problems = problemsOf({
      PORT: 'abc',
      TOKEN_TTL: 'forever',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
    });
    expect(problems).toEqual([
      'PORT must be a whole number between 0 and 65535 (got "abc")',
      'DATABASE_URL must start with postgres:// or postgresql://, or be memory:// (got "mysql://x")',
      'TOKEN_TTL must be a duration between 1 minute and 366 days, like 7d, 12h, 30m or 3600s (got "forever")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ]);
  });

  it('runs recurring expenses every minute by default; RECURRING_INTERVAL_MS sets it, or turns it off', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).recurringIntervalMs).toBe(60_000);
    expect(loadConfig({ DATA_DIR: dataDir, RECURRING_INTERVAL_MS: '5000' }).recurringIntervalMs).toBe(5000);
    expect(loadConfig({ DATA_DIR: dataDir, RECURRING_INTERVAL_MS: 'off' }).recurringIntervalMs).toBeNull();
    expect(problemsOf({ RECURRING_INTERVAL_MS: '10' })).toEqual([
      'RECURRING_INTERVAL_MS must be a whole number of milliseconds from 1000 to 86400000, or off (got "10")',
    ]);
  });

  it('refuses a short JWT_SECRET and a reCAPTCHA secret without its site key', () => {
    expect(problemsOf({ JWT_SECRET: 'short', RECAPTCHA_SECRET: 's3cret' })).toEqual([
      'JWT_SECRET must be at least 32 characters long (got "short")',
      'RECAPTCHA_SITE_KEY is required when RECAPTCHA_SECRET is set (the web app needs it)',
    ]);
    expect(problemsOf({ RECAPTCHA_MIN_SCORE: '1.5' })[0]).toMatch(
      /^RECAPTCHA_MIN_SCORE must be a number from 0 to 1/,
    );
  });

  it('reads durations, a PostgreSQL URL, in-memory PGlite and admin e-mails', () => {
    const config = loadConfig({
      ...base(),
      TOKEN_TTL: '12h',
      DATABASE_URL: 'postgresql://kitty@db:5432/kitty',
      ADMIN_EMAILS: ' Ann@Example.com, bob@example.com ,',
      RECAPTCHA_SECRET: 'secret',
      RECAPTCHA_SITE_KEY: 'site',
    });
    expect(config.tokenTtlSeconds).toBe(12 * 3600);
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgresql://kitty@db:5432/kitty' });
    expect(config.adminEmails).toEqual(['ann@example.com', 'bob@example.com']);
    expect(config.recaptcha).toEqual({
      secret: 'secret',
      siteKey: 'site',
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      minScore: 0.5,
    });
    expect(loadConfig({ ...base(), DATABASE_URL: 'memory://' }).database).toEqual({
      kind: 'pglite',
      dataDir: 'memory://',
    });
  });

  it('generates the registration passphrase once, keeps it in DATA_DIR and reuses it at the next start', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.passphraseSource).toBe('generated');
    expect(first.passphrase).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){4}$/);
    expect(readFileSync(join(dataDir, 'passphrase'), 'utf8').trim()).toBe(first.passphrase);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.passphraseSource).toBe('stored');
    expect(second.passphrase).toBe(first.passphrase);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: tempDir() }).passphrase).not.toBe(first.passphrase);
  });

  it('keeps the generated token secret readable by its owner only', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('uses REGISTRATION_PASSPHRASE when set and writes no passphrase file', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, REGISTRATION_PASSPHRASE: 'let me in' });
    expect(config).toMatchObject({ passphrase: 'let me in', passphraseSource: 'env', passphraseFile: null });
    expect(() => statSync(join(dataDir, 'passphrase'))).toThrow();
  });

  it('CONFIG.md documents every variable (regenerate: npx tsx scripts/write-config-doc.ts)', () => {
    const doc = readFileSync(join(import.meta.dirname, '../CONFIG.md'), 'utf8');
    // Biome pads the table's columns: compare cell by cell.
    const cells = (markdown: string) =>
      markdown
        .trim()
        .split('\n')
        .map((line) =>
          line.startsWith('|') ? line.split('|').map((cell) => cell.trim().replace(/^-+$/, '-')) : line,
        );
    expect(cells(doc)).toEqual(cells(renderConfigMarkdown()));
    expect(CONFIG_VARIABLES.map((v) => v.name)).toContain('REGISTRATION_PASSPHRASE');
  });

  it("README.md's configuration table is CONFIG.md's, row for row", () => {
    const readme = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8');
    const rows = (markdown: string) =>
      markdown
        .split('\n')
        .filter((line) => /^\| `[A-Z_]+` \|/.test(line))
        .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(rows(readme)).toEqual(rows(renderConfigMarkdown()));
  });
});
