import { type ReceiptContentType, receiptDownloadName } from '@kitty/domain';
import type { FastifyReply } from 'fastify';

/**
 * The policy of a receipt's own answer (it replaces the app's, see http/security.ts): no script, no
 * connection, no frame around it, and a sandbox (a unique origin, no scripts, no forms); images and inline
 * styles only, as a browser's own image and PDF viewers need. Chromium still shows a PDF under it (checked
 * with the Chromium the e2e tests use: its viewer opens the document and counts its pages).
 */
export const RECEIPT_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/** `inline` with the name twice: ASCII for old clients, and RFC 5987's UTF-8 form (`filename*`). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a receipt's bytes as the type they were sniffed as, to be shown in the browser and never guessed
 * at (nosniff), kept only in the caller's own cache (`private`: the answer needs their token). A receipt's
 * bytes never change under its id.
 */
export function sendReceiptFile(
  reply: FastifyReply,
  file: { content_type: ReceiptContentType; filename: string; content: Buffer },
): FastifyReply {
  return reply
    .code(200)
    .header('content-type', file.content_type)
    .header('content-disposition', contentDisposition(receiptDownloadName(file.filename, file.content_type)))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=86400, immutable')
    .header('content-security-policy', RECEIPT_CONTENT_SECURITY_POLICY)
    .send(file.content);
}
