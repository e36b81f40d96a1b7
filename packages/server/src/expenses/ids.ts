import { randomBytes } from 'node:crypto';

let lastMs = 0;
let counter = 0;

/**
 * A time-ordered UUID (version 7, RFC 9562) for a new expense. Lists order expenses with the same `date`
 * by id, so ids made later sort later, also within one millisecond (a 12-bit counter in rand_a, method 1).
 * PostgreSQL 15 cannot make these itself.
 */
export function newExpenseId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = randomBytes(2).readUInt16BE(0) & 0x3ff; // start low so the counter rarely runs out
  } else {
    counter += 1;
    if (counter > 0xfff) {
      lastMs += 1; // borrow the next millisecond rather than lose the order
      counter = 0;
    }
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
