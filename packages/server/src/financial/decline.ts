import { settlementDeclineRefusal } from '@kitty/domain';
import type { Db } from '../db';
import { isMember } from '../groups/membership';
import { forbidden, notFound } from '../http/errors';
import { postSettlement } from '../ledger/ledger';
import { insertLiveChange } from '../live/repo';
import type { CurrentUser } from '../users/repo';
import type { SettlementJson } from './present';
import { insertEvent, lockSettlement, markSettlementDeclined } from './settlement-repo';
import { presentSettlements } from './settlements';

/**
 * Declines a personal settlement for a person recorded in it by someone else (the domain's rule; 403
 * with its message otherwise): takes back its postings, marks it and adds a 'declined' audit event, in
 * one transaction. Seen only by its two people and its group's members (404 for anyone else). Declining
 * a declined settlement changes nothing.
 */
export async function declineSettlement(db: Db, caller: CurrentUser, id: string): Promise<SettlementJson> {
  return db.transaction(async (tx) => {
    let row = await lockSettlement(tx, id);
    const party = row !== null && (row.from_user_id === caller.id || row.to_user_id === caller.id);
    const member = row?.group_id != null && (await isMember(tx, row.group_id, caller.id));
    if (!row || (!party && !member)) throw notFound();
    const refusal = settlementDeclineRefusal(row, caller.id);
    if (refusal !== null) throw forbidden('DECLINE_NOT_ALLOWED', refusal);
    if (row.declined_at === null) {
      await postSettlement(tx, row, -1);
      row = await markSettlementDeclined(tx, row.id, caller.id);
      await insertEvent(tx, row.id, 'declined', caller.id, {});
      if (row.group_id !== null)
        await insertLiveChange(tx, {
          group_id: row.group_id,
          kind: 'expense_declined',
          entity_id: row.id,
          actor_id: caller.id,
        });
    }
    const [json] = await presentSettlements(tx, [row]);
    return json as SettlementJson;
  });
}
