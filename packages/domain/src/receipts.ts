// Receipts attached to an expense (issue 24): what may be attached, how its type is read from its own bytes,
// the name it is kept under, and the words of every refusal. The server applies them; the web checks a file
// with the same rules before sending it.

export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const RECEIPT_MAX_PER_EXPENSE = 5;
/** A thumbnail's longer side, in pixels. */
export const RECEIPT_THUMBNAIL_SIZE = 320;
export const RECEIPT_FILENAME_MAX_LENGTH = 200;
export const RECEIPT_DEFAULT_FILENAME = 'receipt';

export const RECEIPT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type ReceiptContentType = (typeof RECEIPT_CONTENT_TYPES)[number];

export const RECEIPT_REQUIRED = 'Please choose a file';
export const RECEIPT_ONE_FILE = 'Attach one file at a time.';
export const RECEIPT_TOO_LARGE = 'A receipt can be at most 10 MB.';
export const RECEIPT_UNSUPPORTED = 'A receipt must be a JPEG, PNG or WebP image or a PDF.';
/** A PDF the server will not keep although it is one: locked by a password, or with scripts or actions. */
export const RECEIPT_PDF_REFUSED = 'A PDF receipt cannot be locked with a password or contain scripts.';
export const RECEIPT_LIMIT_REACHED = `An expense can have at most ${RECEIPT_MAX_PER_EXPENSE} receipts.`;
export const RECEIPT_UPLOADER_ONLY = 'Only the person who attached a receipt can remove it.';
export const RECEIPT_MEMBERS_ONLY = 'Only current members of the group can attach receipts to its expenses.';
export const RECEIPT_REMOVED = 'Receipt removed';

/** The file name extensions each type is known by; the first is the one added when a name has none of them. */
export const RECEIPT_EXTENSIONS: Readonly<Record<ReceiptContentType, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

/** How many leading bytes `sniffReceiptType` needs to decide. */
export const RECEIPT_SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF-');

/**
 * The type of a file by its first bytes (never by its name or declared type): JPEG `FF D8 FF`, PNG's
 * eight-byte signature, WebP `RIFF....WEBP`, PDF `%PDF-`; null for anything else. The bytes only say what
 * the file claims to be: an image must still decode.
 */
export function sniffReceiptType(bytes: Uint8Array): ReceiptContentType | null {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  if (startsWith(bytes, PDF)) return 'application/pdf';
  return null;
}

/** Images get a thumbnail and dimensions; PDFs do not. */
export function isImageReceipt(type: ReceiptContentType): boolean {
  return type !== 'application/pdf';
}

// Control characters (C0, DEL, C1), format characters (bidirectional overrides that make "gpj.exe" read
// as "exe.jpg", zero-width ones) and lone surrogates: none belongs in a name shown to people.
const UNSHOWABLE = /[\p{Cc}\p{Cf}]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;

/**
 * The name a receipt is kept under: the last segment of what was sent (no folders, either slash), without
 * control or format characters, spaces collapsed, at most 200 characters (the extension kept when it is
 * cut); "receipt" when nothing is left.
 */
export function receiptFilename(name: string | null | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base.replace(UNSHOWABLE, '').replace(/\s+/g, ' ').trim();
  if (/^[.\s]*$/.test(clean)) return RECEIPT_DEFAULT_FILENAME;
  const chars = [...clean];
  if (chars.length <= RECEIPT_FILENAME_MAX_LENGTH) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? [...clean.slice(dot)] : [];
  const kept = extension.length > 0 && extension.length <= 10 ? extension : [];
  return [...chars.slice(0, RECEIPT_FILENAME_MAX_LENGTH - kept.length), ...kept].join('').trim();
}

/** The name a receipt is opened or saved under: its kept name, with its type's extension when it has none of them. */
export function receiptDownloadName(filename: string, type: ReceiptContentType): string {
  const extension = /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase();
  const known = RECEIPT_EXTENSIONS[type];
  return extension !== undefined && known.includes(extension) ? filename : `${filename}.${known[0]}`;
}

/** Only who attached a receipt removes it. */
export function mayRemoveReceipt(receipt: { uploaded_by: { id: string } }, userId: string): boolean {
  return receipt.uploaded_by.id === userId;
}
