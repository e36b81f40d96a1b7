import { type ApiError, isApiError } from '@kitty/api';
import {
  COMMENT_EXPENSE_GONE,
  RECEIPT_GONE,
  RECEIPT_LIMIT_REACHED,
  RECEIPT_MEMBERS_ONLY,
  RECEIPT_TOO_LARGE,
  RECEIPT_UPLOADER_ONLY,
  RECEIPT_UNSUPPORTED,
} from '@kitty/domain';
import { errorWords } from '../../flows/errorWords';

export type ReceiptAction = 'load' | 'attach' | 'open' | 'remove';

export const RECEIPT_FAILED: Record<ReceiptAction, string> = {
  load: 'Failed to load receipts',
  attach: 'Failed to attach receipt',
  open: 'Failed to open receipt',
  remove: 'Failed to remove receipt',
};

/**
 * What the Receipts section says when a receipt could not be listed, attached, opened or removed, picked by
 * the answer's code. A 404 on one receipt is that receipt gone; on the list or an attachment, the expense
 * gone (or no longer visible). A bare 413 or 415 (a proxy in front of the server answers without our code)
 * means the same as the server's own.
 */
export function receiptFailureWords(failure: unknown, action: ReceiptAction): string {
  if (!isApiError(failure)) return RECEIPT_FAILED[action];
  const error: ApiError = failure;
  switch (error.code) {
    case 'NOT_FOUND':
      return action === 'open' || action === 'remove' ? RECEIPT_GONE : COMMENT_EXPENSE_GONE;
    case 'PAYLOAD_TOO_LARGE':
      return RECEIPT_TOO_LARGE;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return RECEIPT_UNSUPPORTED;
    case 'RECEIPT_LIMIT_REACHED':
      return RECEIPT_LIMIT_REACHED;
    case 'FORBIDDEN_NOT_AUTHOR':
      return RECEIPT_UPLOADER_ONLY;
    case 'FORBIDDEN_NOT_MEMBER':
      return RECEIPT_MEMBERS_ONLY;
    case undefined:
      if (error.status === 413) return RECEIPT_TOO_LARGE;
      if (error.status === 415) return RECEIPT_UNSUPPORTED;
      break;
  }
  return errorWords(error);
}
