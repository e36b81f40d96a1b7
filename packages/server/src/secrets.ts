import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Crockford's base32 alphabet in lower case: no i, l, o or u to misread.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** 20 random base32 characters (100 bits) in groups of four: `7k2m-q9xd-4hz1-0c8e-wv3n`. */
export function generatePassphrase(): string {
  const chars = Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return chars.join('').replace(/(.{4})(?!$)/g, '$1-');
}

export function generateJwtSecret(): string {
  return randomBytes(48).toString('base64url');
}

export interface StoredSecret {
  value: string;
  /** true when this call created the file. */
  created: boolean;
  file: string;
}

/**
 * Reads a secret kept in a file of the data folder, creating it once (mode 0600) when it is missing.
 * Two processes starting together agree on one value: the file is created exclusively.
 */
export function readOrCreateSecret(dataDir: string, name: string, generate: () => string): StoredSecret {
  const file = join(dataDir, name);
  const existing = readTrimmed(file);
  if (existing) return { value: existing, created: false, file };
  mkdirSync(dataDir, { recursive: true });
  const value = generate();
  try {
    writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return { value, created: true, file };
  } catch (error) {
    const raced = (error as NodeJS.ErrnoException).code === 'EEXIST' ? readTrimmed(file) : undefined;
    if (raced) return { value: raced, created: false, file };
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new Error(`${file} is empty: delete it and a new one is generated at the next start.`);
    }
    throw error;
  }
}

function readTrimmed(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
