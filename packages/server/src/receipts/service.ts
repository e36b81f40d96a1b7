import type { components } from '@kitty/api/schema';
import {
  mayRemoveReceipt,
  RECEIPT_LIMIT_REACHED,
  RECEIPT_MAX_PER_EXPENSE,
  RECEIPT_MEMBERS_ONLY,
  RECEIPT_UPLOADER_ONLY,
  receiptFilename,
} from '@kitty/domain';
import type { Db } from '../db';
import { newExpenseId } from '../expenses/ids';
import { isVisible } from '../expenses/repo';
import { isMember, lockedNonMembers } from '../groups/membership';
import { conflict, forbidden, notFound } from '../http/errors';
import { toUserName } from '../users/present';
import type { InspectedReceipt } from './inspect';
import * as repo from './repo';
import { insertExpenseLiveChange } from '../live/repo';

export type ReceiptJson = components['schemas']['Receipt'];
type ReceiptList = components['schemas']['ReceiptList'];

function toReceiptJson(row: repo.ReceiptRow): ReceiptJson {
  return {
    id: row.id,
    expense_id: row.expense_id,
    content_type: row.content_type,
    size: row.size,
    filename: row.filename,
    has_thumbnail: row.width !== null,
    width: row.width,
    height: row.height,
    uploaded_by: toUserName(row.uploaded_by, row),
    created_at: row.created_at.toISOString(),
  };
}

/** An expense's receipts, oldest first, for whoever can see the expense (GET /expenses/{id}); 404 otherwise. */
export async function listReceipts(db: Db, expenseId: string, callerId: string): Promise<ReceiptList> {
  if (!(await isVisible(db, expenseId, callerId))) throw notFound();
  return { receipts: (await repo.findReceipts(db, expenseId)).map(toReceiptJson) };
}

/** A receipt's file or thumbnail for whoever can see the expense; 404 otherwise and when it has none. */
export async function receiptFile(
  db: Db,
  expenseId: string,
  receiptId: string,
  callerId: string,
  kind: repo.FileKind,
) {
  if (!(await isVisible(db, expenseId, callerId))) throw notFound();
  const file = await repo.findFile(db, expenseId, receiptId, kind);
  if (!file) throw notFound();
  return file;
}

/** The live expense, locked against other uploads (FOR NO KEY UPDATE), when the caller can see it; 404 otherwise. */
async function lockVisibleExpense(tx: Db, expenseId: string, callerId: string) {
  const expense = await repo.lockExpenseForReceipts(tx, expenseId);
  if (!expense || !(await isVisible(tx, expenseId, callerId))) throw notFound();
  return expense;
}

/** In a group, only current members write (403); the member row stays locked until commit, so a leave waits. */
async function requireMember(tx: Db, groupId: string | null, callerId: string): Promise<void> {
  if (groupId !== null && (await lockedNonMembers(tx, groupId, [callerId])).length > 0)
    throw forbidden('FORBIDDEN_NOT_MEMBER', RECEIPT_MEMBERS_ONLY);
}

async function writableExpense(tx: Db, expenseId: string, callerId: string): Promise<string | null> {
  const expense = await lockVisibleExpense(tx, expenseId, callerId);
  await requireMember(tx, expense.group_id, callerId);
  return expense.group_id;
}

async function refuseWhenFull(db: Db, expenseId: string): Promise<void> {
  if ((await repo.countReceipts(db, expenseId)) >= RECEIPT_MAX_PER_EXPENSE)
    throw conflict('RECEIPT_LIMIT_REACHED', RECEIPT_LIMIT_REACHED);
}

/**
 * The refusals an upload would meet, checked before its bytes are read: a stranger's or a sixth upload is
 * answered at once, without reading or decoding 10 MB. Plain reads, no lock: uploads to one expense must
 * not each hold a connection waiting for the one being written (docs/scaling.md). `attachReceipt` checks
 * them all again, locked.
 */
export async function checkAttachable(db: Db, expenseId: string, callerId: string): Promise<void> {
  const expense = await repo.findExpenseForReceipts(db, expenseId);
  if (!expense || !(await isVisible(db, expenseId, callerId))) throw notFound();
  if (expense.group_id !== null && !(await isMember(db, expense.group_id, callerId)))
    throw forbidden('FORBIDDEN_NOT_MEMBER', RECEIPT_MEMBERS_ONLY);
  await refuseWhenFull(db, expenseId);
}

/**
 * Keeps an inspected file as a receipt of the expense: the expense row locked (FOR NO KEY UPDATE) while the
 * receipts are counted and the new one written, so two uploads at once cannot make a sixth. The receipt,
 * its file and its thumbnail are written in one transaction. The expense and its version stay as they are.
 * The file kept is the inspected one (an image without its metadata), never the bytes as sent.
 */
export async function attachReceipt(
  db: Db,
  callerId: string,
  expenseId: string,
  upload: { filename: string; inspected: InspectedReceipt },
): Promise<ReceiptJson> {
  const id = newExpenseId();
  return db.transaction(async (tx) => {
    const groupId = await writableExpense(tx, expenseId, callerId);
    await refuseWhenFull(tx, expenseId);
    const { contentType, bytes, width, height, thumbnail } = upload.inspected;
    await repo.insertReceipt(tx, {
      id,
      expense_id: expenseId,
      uploaded_by: callerId,
      content_type: contentType,
      filename: receiptFilename(upload.filename),
      width,
      height,
      original: bytes,
      thumbnail,
    });
    await insertExpenseLiveChange(tx, groupId, 'receipt_added', expenseId, callerId);
    const row = await repo.findReceipt(tx, expenseId, id);
    if (!row) throw notFound();
    return toReceiptJson(row);
  });
}

/** Removes a receipt: only who attached it (403), on an expense they can still see and write to. */
export async function deleteReceipt(db: Db, callerId: string, expenseId: string, receiptId: string) {
  await db.transaction(async (tx) => {
    const expense = await lockVisibleExpense(tx, expenseId, callerId);
    const receipt = await repo.findReceipt(tx, expenseId, receiptId);
    if (!receipt) throw notFound();
    if (!mayRemoveReceipt(toReceiptJson(receipt), callerId))
      throw forbidden('FORBIDDEN_NOT_AUTHOR', RECEIPT_UPLOADER_ONLY);
    await requireMember(tx, expense.group_id, callerId);
    await repo.deleteReceipt(tx, receipt.id);
    await insertExpenseLiveChange(tx, expense.group_id, 'receipt_removed', expenseId, callerId);
  });
}
