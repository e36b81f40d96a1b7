import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Person } from './groups';
import { bearer } from './users';

export interface Part {
  name: string;
  /** Absent: a plain field. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

export const BOUNDARY = '----kitty-receipt-boundary-7d1c';

/** A multipart/form-data body of `parts`, as a browser's FormData sends it. */
export function multipart(parts: Part[], boundary = BOUNDARY): { payload: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One file part named `file`. */
export function fileUpload(data: Buffer, filename = 'receipt.jpg', contentType = 'image/jpeg') {
  return multipart([{ name: 'file', filename, contentType, data }]);
}

export function postReceipt(
  app: FastifyInstance,
  as: Person,
  expenseId: string,
  body: { payload: Buffer; contentType: string },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/expenses/${expenseId}/receipts`,
    headers: { ...bearer(as.token), 'content-type': body.contentType, ...headers },
    payload: body.payload,
  });
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });

export const jpegOf = (width = 640, height = 480) => picture(width, height).jpeg().toBuffer();
export const pngOf = (width = 40, height = 30) => picture(width, height).png().toBuffer();
export const webpOf = (width = 300, height = 900) => picture(width, height).webp().toBuffer();

/**
 * The smallest complete PDF: one empty page, with a correct cross-reference table. `catalog` and `page` are
 * added to those dictionaries, `objects` numbered from 4 on, `trailer` to the trailer. With `padding`, it
 * also holds a stream of that many random bytes (incompressible, as a scan's are), to make a PDF of a given
 * size.
 */
export function minimalPdf(
  extra: { catalog?: string; page?: string; objects?: string[]; trailer?: string; padding?: number } = {},
): Buffer {
  const padding = extra.padding ?? 0;
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${extra.catalog ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] ${extra.page ?? ''}>>`,
    ...(extra.objects ?? []),
  ];
  if (padding > 0) {
    objects.push(`<< /Length ${padding} >>\nstream\n${randomBytes(padding).toString('latin1')}\nendstream`);
  }
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(text.length);
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${extra.trailer ?? ''}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}
