import { isUuid } from '../db/ids';

/** What a debt id names: the scope (a group id, or PERSONAL_SCOPE), who owes, who is owed, the currency. */
export interface DebtKey {
  scopeId: string;
  from: string;
  to: string;
  currency: string;
}

const UUID_BYTES = 16;
const LENGTH = 3 * UUID_BYTES + 3;

/**
 * A stable, opaque id for a (scope, debtor, creditor, currency) debt: the three uuids as bytes and the
 * currency code, base64url (68 characters). The same debt gets the same id on every call.
 */
export function encodeDebtId(key: DebtKey): string {
  const hex = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
  return Buffer.concat([
    hex(key.scopeId),
    hex(key.from),
    hex(key.to),
    Buffer.from(key.currency, 'ascii'),
  ]).toString('base64url');
}

/** The debt an id names; null for anything that is not exactly an id encodeDebtId makes. */
export function decodeDebtId(id: string): DebtKey | null {
  if (!/^[A-Za-z0-9_-]+$/.test(id)) return null;
  const bytes = Buffer.from(id, 'base64url');
  if (bytes.length !== LENGTH || bytes.toString('base64url') !== id) return null;
  const uuid = (at: number) => {
    const h = bytes.subarray(at, at + UUID_BYTES).toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  const key = {
    scopeId: uuid(0),
    from: uuid(UUID_BYTES),
    to: uuid(2 * UUID_BYTES),
    currency: bytes.subarray(3 * UUID_BYTES).toString('ascii'),
  };
  if (!/^[A-Z]{3}$/.test(key.currency) || ![key.scopeId, key.from, key.to].every(isUuid)) return null;
  return key;
}
