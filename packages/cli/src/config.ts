// Where `kitty login` keeps the server and the session: $XDG_CONFIG_HOME/kitty-expenses/config.json (else
// ~/.config/kitty-expenses/config.json), readable by its owner only (the token is as good as the password until
// it expires). Not ~/.config/kitty: that folder belongs to the kitty terminal emulator.
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { Effect } from 'effect';
import { type CliFailure, failure } from './errors';

export interface StoredConfig {
  /** The server's address, without /api: "https://kitty.example.com". */
  readonly server?: string;
  /** The e-mail last signed in with (offered by the next login). */
  readonly email?: string;
  /** The session token (Authorization: Bearer). */
  readonly token?: string;
  /** Who the token belongs to, as shown by `kitty whoami` without a call. */
  readonly user?: { readonly id: string; readonly name: string; readonly email: string };
}

/** The config file of this environment (XDG Base Directory: a relative XDG_CONFIG_HOME is ignored). */
export function configFile(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.config');
  return join(base, 'kitty-expenses', 'config.json');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored config; an absent file is an empty one. */
export const readConfig: Effect.Effect<StoredConfig, CliFailure> = Effect.suspend(() => {
  const file = configFile();
  return Effect.tryPromise({
    try: async (): Promise<StoredConfig> => {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
        throw error;
      }
      const parsed: unknown = JSON.parse(text);
      if (!isObject(parsed)) throw new Error('not a JSON object');
      return parsed as StoredConfig;
    },
    catch: (error) => failure(`Cannot read ${file}: ${(error as Error).message}`),
  });
});

/**
 * Writes the config whole: into a new file made with mode 0600 in a directory of mode 0700, then renamed over
 * the old one (a crash never leaves half a file, and the token is never readable by others, not even briefly).
 */
export function writeConfig(config: StoredConfig): Effect.Effect<string, CliFailure> {
  return Effect.suspend(() => {
    const file = configFile();
    const temporary = `${file}.${process.pid}.tmp`;
    return Effect.tryPromise({
      try: async () => {
        await mkdir(dirname(file), { recursive: true, mode: 0o700 });
        try {
          await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
          await chmod(temporary, 0o600);
          await rename(temporary, file);
        } finally {
          await rm(temporary, { force: true });
        }
        return file;
      },
      catch: (error) => failure(`Cannot write ${file}: ${(error as Error).message}`),
    });
  });
}
