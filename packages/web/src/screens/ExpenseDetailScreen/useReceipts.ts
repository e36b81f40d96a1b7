import type { Expense, Receipt } from '@kitty/api';
import { call, multipartBody } from '@kitty/api';
import { RECEIPT_REMOVED, receiptFileError } from '@kitty/domain';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { toast } from '../../components/Toast';
import { newIdempotencyKey } from '../../flows/idempotency';
import { invalidate, useResource } from '../../flows/resource';
import { createReceiptFiles, fetchReceiptFile } from './receiptFiles';
import { expenseProblem } from '../../components/split/words';
import { receiptFailed, receiptFailureWords } from './receiptWords';

/** Where an attachment of several files stands: "Attaching 2 of 3...". */
export interface AttachProgress {
  readonly current: number;
  readonly total: number;
}

/**
 * The receipts of one expense (oldest first) and what the Receipts section does with them: attach the files a
 * person picked (each checked by the domain's rule first, then sent one after another as multipart), open one
 * (its file read with the token into an object URL), and remove one's own after a confirmation. Failures are
 * said by code (receiptFailureWords).
 */
export function useReceipts(expense: Expense) {
  const tag = `receipts:${expense.id}`;
  const receipts = useResource(
    ['receipts', expense.id],
    (signal) =>
      call(
        api.GET('/expenses/{id}/receipts', { params: { path: { id: expense.id } }, signal }),
        receiptFailed('load'),
      ).then((data) => data.receipts),
    { tags: [tag] },
  );
  const [files] = useState(() =>
    createReceiptFiles((receiptId, kind, signal) => fetchReceiptFile(expense.id, receiptId, kind, signal)),
  );
  useEffect(() => () => files.dispose(), [files]);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<AttachProgress | null>(null);
  const [confirming, setConfirming] = useState<Receipt | null>(null);
  const [removing, setRemoving] = useState(false);

  /** Sends the picked files in turn; stops at the first refusal and says why. True when all were attached. */
  const attach = async (picked: readonly File[]): Promise<boolean> => {
    if (progress || picked.length === 0) return false;
    const attached = receipts.data?.length ?? 0;
    setFailure(null);
    // Everything the browser can tell is checked before the first byte goes.
    for (const [index, file] of picked.entries()) {
      const refusal = receiptFileError(file, attached + index);
      if (refusal) {
        setFailure(picked.length > 1 ? `${file.name}: ${expenseProblem(refusal)}` : expenseProblem(refusal));
        return false;
      }
    }
    let sent = 0;
    try {
      for (const file of picked) {
        setProgress({ current: sent + 1, total: picked.length });
        await call(
          api.POST('/expenses/{id}/receipts', {
            params: { path: { id: expense.id }, header: { 'Idempotency-Key': newIdempotencyKey() } },
            ...multipartBody({ file }),
          }),
          receiptFailed('attach'),
        );
        sent++;
      }
      return true;
    } catch (error) {
      const words = receiptFailureWords(error, 'attach');
      const file = picked[sent];
      setFailure(picked.length > 1 && file ? `${file.name}: ${words}` : words);
      return false;
    } finally {
      setProgress(null);
      if (sent > 0) invalidate(tag);
    }
  };

  const open = async (receipt: Receipt): Promise<string | null> => {
    try {
      return await files.url(receipt.id, 'full');
    } catch (error) {
      setFailure(receiptFailureWords(error, 'open'));
      return null;
    }
  };

  const remove = async (): Promise<boolean> => {
    const receipt = confirming;
    if (!receipt || removing) return false;
    setRemoving(true);
    setFailure(null);
    try {
      await call(
        api.DELETE('/expenses/{id}/receipts/{receiptId}', {
          params: { path: { id: expense.id, receiptId: receipt.id } },
        }),
        receiptFailed('remove'),
      );
      files.forget(receipt.id);
      toast.success(expenseProblem(RECEIPT_REMOVED));
      return true;
    } catch (error) {
      setFailure(receiptFailureWords(error, 'remove'));
      return false;
    } finally {
      setRemoving(false);
      setConfirming(null);
      invalidate(tag);
    }
  };

  return {
    receipts,
    files,
    failure,
    fail: setFailure,
    dismissFailure: () => setFailure(null),
    progress,
    attach,
    open,
    confirming,
    removing,
    requestRemove: (receipt: Receipt) => setConfirming(receipt),
    cancelRemove: () => setConfirming(null),
    remove,
  };
}
