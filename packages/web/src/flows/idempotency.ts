/**
 * A random version 4 UUID: crypto.randomUUID where the page is a secure context, else one built from
 * crypto.getRandomValues (plain http on a local network address has no randomUUID, but does have
 * getRandomValues).
 */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A fresh Idempotency-Key for one intended creation (openapi.yaml: 1 to 255 visible ASCII characters). */
export function newIdempotencyKey(): string {
  return randomUuid();
}

/**
 * One Idempotency-Key per intended creation: a retry of the same body reuses the key (the server answers the
 * first result and creates nothing twice); a changed body gets a new key (the same key with another body
 * would be refused). Make a new set for each new submission (a form or dialog opening).
 */
export function createIdempotencyKeys(newKey: () => string = newIdempotencyKey) {
  const keys = new Map<string, string>();
  return {
    keyFor(scope: string, body: unknown): string {
      const id = `${scope}\n${JSON.stringify(body)}`;
      let key = keys.get(id);
      if (!key) {
        key = newKey();
        keys.set(id, key);
      }
      return key;
    },
  };
}

export type IdempotencyKeys = ReturnType<typeof createIdempotencyKeys>;
