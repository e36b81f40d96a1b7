import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison (of SHA-256 digests, so the lengths match); surrounding spaces are ignored. */
export function passphraseMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given.trim()), digest(expected.trim()));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
