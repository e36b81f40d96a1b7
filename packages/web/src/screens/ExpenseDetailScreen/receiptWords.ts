import { type ApiError, isApiError } from '@kitty/api';
import {
  COMMENT_EXPENSE_GONE,
  RECEIPT_GONE,
  RECEIPT_LIMIT_REACHED,
  RECEIPT_MEMBERS_ONLY,
  RECEIPT_PDF_REFUSED,
  RECEIPT_TOO_LARGE,
  RECEIPT_UPLOADER_ONLY,
  RECEIPT_UNSUPPORTED,
  receiptSize,
} from '@kitty/domain';
import { expenseProblem } from '../../components/split/words';
import { errorWords } from '../../flows/errorWords';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { activeLocale } from '../../i18n/language';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

export type ReceiptAction = 'load' | 'attach' | 'open' | 'remove';

/** "Failed to load receipts", "Failed to attach receipt"... in the active language. */
export const receiptFailed = (action: ReceiptAction): string => t(`receipt.${action}Failed`);

/** A receipt's weight as people read it in the active language: "2.4 MB", Czech "2,4 MB". */
export function receiptSizeText(bytes: number): string {
  const { unit, value, decimals } = receiptSize(bytes);
  if (unit === 'bytes') return t('bytes', { count: value });
  const size = new Intl.NumberFormat(activeLocale(), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
  return unit === 'KB' ? t('kilobytes', { size }) : t('megabytes', { size });
}

/**
 * What the Receipts section says when a receipt could not be listed, attached, opened or removed, picked by
 * the answer's code. A 404 on one receipt is that receipt gone; on the list or an attachment, the expense
 * gone (or no longer visible). A bare 413 or 415 (a proxy in front of the server answers without our code)
 * means the same as the server's own.
 */
export function receiptFailureWords(failure: unknown, action: ReceiptAction): string {
  return expenseProblem(englishWords(failure, action));
}

function englishWords(failure: unknown, action: ReceiptAction): string {
  if (!isApiError(failure)) return receiptFailed(action);
  const error: ApiError = failure;
  switch (error.code) {
    case 'NOT_FOUND':
      return action === 'open' || action === 'remove' ? RECEIPT_GONE : COMMENT_EXPENSE_GONE;
    case 'PAYLOAD_TOO_LARGE':
      return RECEIPT_TOO_LARGE;
    case 'UNSUPPORTED_MEDIA_TYPE':
      // A real PDF refused for what it holds (a password, scripts) has its own words; anything else, the type.
      return error.message === RECEIPT_PDF_REFUSED ? RECEIPT_PDF_REFUSED : RECEIPT_UNSUPPORTED;
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
