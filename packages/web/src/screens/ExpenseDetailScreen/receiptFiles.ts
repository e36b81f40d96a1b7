import { call } from '@kitty/api';
import { api } from '../../api';
import { receiptFailed } from './receiptWords';

export type ReceiptFileKind = 'thumbnail' | 'full';

/** One receipt's file or thumbnail, read with the signed-in person's token (the address alone opens nothing). */
export function fetchReceiptFile(
  expenseId: string,
  receiptId: string,
  kind: ReceiptFileKind,
  signal: AbortSignal,
): Promise<Blob> {
  const params = { path: { id: expenseId, receiptId } };
  const request =
    kind === 'thumbnail'
      ? api.GET('/expenses/{id}/receipts/{receiptId}/thumbnail', { params, parseAs: 'blob', signal })
      : api.GET('/expenses/{id}/receipts/{receiptId}', { params, parseAs: 'blob', signal });
  return call(request, receiptFailed('open'));
}

export interface ObjectUrls {
  createObjectURL(blob: Blob): string;
  revokeObjectURL(url: string): void;
}

export type LoadFile = (receiptId: string, kind: ReceiptFileKind, signal: AbortSignal) => Promise<Blob>;

/**
 * The receipts' files as object URLs for <img> and new tabs: each loaded once, a failed one loaded again when
 * asked again, and every URL revoked when its receipt is removed or the section goes (`dispose`, which also
 * stops the loads under way). After `dispose` it starts afresh if asked again: React runs a component's
 * effects twice in development (StrictMode), cleanup included.
 */
export function createReceiptFiles(load: LoadFile, objectUrls: ObjectUrls = URL) {
  const pending = new Map<string, Promise<string>>();
  const made = new Map<string, string>();
  let controller = new AbortController();
  const keyOf = (receiptId: string, kind: ReceiptFileKind) => `${receiptId}:${kind}`;

  const revoke = (key: string) => {
    const url = made.get(key);
    if (url !== undefined) objectUrls.revokeObjectURL(url);
    made.delete(key);
    pending.delete(key);
  };

  return {
    url(receiptId: string, kind: ReceiptFileKind): Promise<string> {
      const key = keyOf(receiptId, kind);
      const known = pending.get(key);
      if (known) return known;
      const loading = load(receiptId, kind, controller.signal).then(
        (blob) => {
          const url = objectUrls.createObjectURL(blob);
          // Removed or disposed while it loaded: nobody will show it, nobody would revoke it later.
          if (pending.get(key) !== loading) {
            objectUrls.revokeObjectURL(url);
          } else {
            made.set(key, url);
          }
          return url;
        },
        (error: unknown) => {
          if (pending.get(key) === loading) pending.delete(key);
          throw error;
        },
      );
      pending.set(key, loading);
      return loading;
    },
    /** The receipt was removed: its URLs go. */
    forget(receiptId: string): void {
      revoke(keyOf(receiptId, 'thumbnail'));
      revoke(keyOf(receiptId, 'full'));
    },
    dispose(): void {
      controller.abort();
      controller = new AbortController();
      for (const key of [...pending.keys()]) revoke(key);
    },
  };
}

export type ReceiptFiles = ReturnType<typeof createReceiptFiles>;
