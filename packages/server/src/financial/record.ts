import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { postSettlement, scopeOf } from '../ledger/ledger';
import { insertGroupEvent } from '../history/repo';
import { BALANCE_AFTER } from './present';
import { netOf } from './repo';
import { insertEvent, insertSettlement, type NewSettlement, type SettlementRow } from './settlement-repo';

/** A payment to record; every check (who, how much, where) has been made by the caller. */
export type SettlementToRecord = Omit<NewSettlement, 'transaction_id'>;

// RFC 4648 base32 without padding: no 0/1/8/9, so it reads aloud without confusion with O, I, B or g.
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A receipt number like "KT-7GQ2MZK4PA": 10 base32 characters (50 random bits). */
export function newTransactionId(): string {
  const bytes = randomBytes(10);
  let id = 'KT-';
  for (const byte of bytes) id += BASE32[byte & 31];
  return id;
}

/**
 * The one way a settlement is written (POST /financial/settlements, settling a debt, settling an
 * expense): the row with a fresh receipt number, its 'created' audit event remembering the payer's net
 * right afterwards, and its effect on the ledger. Call it inside the caller's transaction.
 */
export async function recordSettlement(
  tx: Db,
  settlement: SettlementToRecord,
  actorId: string,
): Promise<SettlementRow> {
  let row: SettlementRow | null = null;
  // A repeated receipt number (one chance in 2^50 per pair) just draws another.
  for (let attempt = 0; row === null; attempt++) {
    if (attempt === 5) throw new Error('Could not draw an unused transaction id');
    row = await insertSettlement(tx, { ...settlement, transaction_id: newTransactionId() });
  }
  await postSettlement(tx, row, 1);
  const after = await netOf(tx, scopeOf(row.group_id), row.from_user_id, row.currency);
  await insertEvent(tx, row.id, 'created', actorId, { [BALANCE_AFTER]: after });
  if (row.group_id !== null) {
    await insertGroupEvent(tx, {
      group_id: row.group_id,
      actor_id: actorId,
      kind: 'settlement_recorded',
      settlement_id: row.id,
      details: {
        from_user_id: row.from_user_id,
        to_user_id: row.to_user_id,
        amount_minor: Number(row.amount_minor),
        currency: row.currency,
        description: row.description,
      },
    });
  }
  return row;
}
