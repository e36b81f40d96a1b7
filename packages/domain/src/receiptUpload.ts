// What the web says about a receipt before and around sending it (issue 24): the browser's early look at a
// picked file, so a person hears why before a 10 MB upload starts (the server still reads the bytes), and
// how a receipt's size reads. The limits and words are the receipts' own (receipts.ts).
import {
  RECEIPT_CONTENT_TYPES,
  RECEIPT_LIMIT_REACHED,
  RECEIPT_MAX_BYTES,
  RECEIPT_MAX_PER_EXPENSE,
  RECEIPT_REQUIRED,
  RECEIPT_TOO_LARGE,
  RECEIPT_UNSUPPORTED,
} from './receipts';

export const RECEIPT_GONE = 'This receipt was already removed.';

/** A picked file as the browser describes it. */
export interface PickedFile {
  readonly size: number;
  /** The type the browser claims (from the name's extension); '' when it does not know. */
  readonly type: string;
}

/**
 * Why a picked file cannot be attached to an expense that already has `attached` receipts, or undefined
 * when it may be sent: the count first (nothing else helps), then emptiness, size and claimed type.
 */
export function receiptFileError(file: PickedFile, attached: number): string | undefined {
  if (attached >= RECEIPT_MAX_PER_EXPENSE) return RECEIPT_LIMIT_REACHED;
  if (file.size <= 0) return RECEIPT_REQUIRED;
  if (file.size > RECEIPT_MAX_BYTES) return RECEIPT_TOO_LARGE;
  if (!(RECEIPT_CONTENT_TYPES as readonly string[]).includes(file.type)) return RECEIPT_UNSUPPORTED;
  return undefined;
}

/** A file's weight in the unit people read it in: bytes, whole KB, or MB with one decimal below 10. */
export function receiptSize(bytes: number): { unit: 'bytes' | 'KB' | 'MB'; value: number; decimals: number } {
  if (bytes < 1024) return { unit: 'bytes', value: bytes, decimals: 0 };
  if (bytes < 1024 * 1024) return { unit: 'KB', value: Math.round(bytes / 1024), decimals: 0 };
  const mb = bytes / (1024 * 1024);
  return mb < 10
    ? { unit: 'MB', value: Number(mb.toFixed(1)), decimals: 1 }
    : { unit: 'MB', value: Math.round(mb), decimals: 0 };
}

/** A file's weight as people read it: "820 bytes", "14 KB", "2.4 MB" (1 KB = 1024 bytes). */
export function receiptSizeLabel(bytes: number): string {
  const { unit, value, decimals } = receiptSize(bytes);
  if (unit === 'bytes') return `${value} ${value === 1 ? 'byte' : 'bytes'}`;
  return `${value.toFixed(decimals)} ${unit}`;
}
