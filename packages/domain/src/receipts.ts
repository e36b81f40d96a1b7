// Receipts on an expense (issue 24): the limits, the words, which files may be attached and who removes one.
// The server reads a file's type from its bytes; the check here is the browser's early word on what it claims,
// so a person hears why before a 10 MB upload starts.

/** 10 MB: the most one receipt may weigh (openapi.yaml attachReceipt). */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
/** The most receipts one expense may have. */
export const RECEIPT_MAX_COUNT = 5;
/** What a receipt may be, as its bytes say. */
export const RECEIPT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type ReceiptContentType = (typeof RECEIPT_CONTENT_TYPES)[number];

export const RECEIPT_REQUIRED = 'Please choose a file';
export const RECEIPT_TOO_LARGE = 'A receipt can be at most 10 MB.';
export const RECEIPT_WRONG_TYPE = 'A receipt must be a JPEG, PNG or WebP image or a PDF.';
export const RECEIPT_LIMIT = `An expense can have at most ${RECEIPT_MAX_COUNT} receipts.`;
export const RECEIPT_UPLOADER_ONLY = 'Only the person who attached a receipt can remove it.';
export const RECEIPT_MEMBERS_ONLY = 'Only current members of the group can attach or remove its receipts.';
export const RECEIPT_GONE = 'This receipt was already removed.';

/** The file a person picked, as the browser describes it. */
export interface ReceiptFileInfo {
  readonly size: number;
  /** The type the browser claims (from the name's extension); '' when it does not know. */
  readonly type: string;
}

export function isReceiptContentType(type: string): type is ReceiptContentType {
  return (RECEIPT_CONTENT_TYPES as readonly string[]).includes(type);
}

/**
 * Why a picked file cannot be attached to an expense that already has `attached` receipts, or undefined
 * when it may be sent: the count first (nothing else helps), then emptiness, size and claimed type.
 */
export function receiptFileError(file: ReceiptFileInfo, attached: number): string | undefined {
  if (attached >= RECEIPT_MAX_COUNT) return RECEIPT_LIMIT;
  if (file.size <= 0) return RECEIPT_REQUIRED;
  if (file.size > RECEIPT_MAX_BYTES) return RECEIPT_TOO_LARGE;
  if (!isReceiptContentType(file.type)) return RECEIPT_WRONG_TYPE;
  return undefined;
}

/** Only who attached a receipt removes it. */
export function mayRemoveReceipt(receipt: { uploaded_by: { id: string } }, userId: string): boolean {
  return receipt.uploaded_by.id === userId;
}

/** Images get a thumbnail and open full-size in the page; a PDF opens in the browser's own viewer. */
export function isImageReceipt(receipt: { content_type: string }): boolean {
  return receipt.content_type.startsWith('image/');
}

/** A file's weight as people read it: "820 bytes", "14 KB", "2.4 MB" (1 KB = 1024 bytes). */
export function receiptSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}
