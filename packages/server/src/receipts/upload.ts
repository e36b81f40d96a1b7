import type { Readable } from 'node:stream';
import { RECEIPT_MAX_BYTES, RECEIPT_ONE_FILE, RECEIPT_REQUIRED, RECEIPT_TOO_LARGE } from '@kitty/domain';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError, invalidField } from '../http/errors';

/**
 * What @fastify/multipart (busboy) may read of an upload: one file of at most 10 MB (exactly 10 MB is
 * fine, one byte more is refused while it streams), a few small fields (ignored; a longer value is cut,
 * never buffered), and short part headers.
 */
export const UPLOAD_LIMITS = {
  fileSize: RECEIPT_MAX_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 20,
  headerPairs: 20,
};

/**
 * The most a whole upload of a 10 MB file may take on the wire: the file, its part's headers (a name of
 * up to a few kilobytes) and the small fields above. A larger Content-Length is refused before reading.
 */
export const MAX_UPLOAD_BYTES = RECEIPT_MAX_BYTES + 64 * 1024;

export const MULTIPART_ONLY = 'Send the receipt as multipart/form-data, in a part named file.';
export const UNREADABLE_UPLOAD = 'The upload could not be read. Please try again.';

export const tooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', RECEIPT_TOO_LARGE);
const noFile = () => invalidField('file', RECEIPT_REQUIRED);

export interface Upload {
  bytes: Buffer;
  /** As the client sent it (cleaned by the domain's receiptFilename before it is kept). */
  filename: string;
}

/**
 * The file of the part named `file` of a multipart/form-data request: 400 on `file` without one (or an
 * empty one) or with a second file, 413 past 10 MB (the file, or the whole body: a field busboy cuts is
 * still read), 400 for a body busboy cannot read. Other fields are read and dropped. A refused upload's
 * remaining bytes are still read (and thrown away), up to twice the limit, so the client finishes sending
 * and sees the answer instead of a reset connection; past that the connection is closed.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (Number(request.headers['content-length']) > MAX_UPLOAD_BYTES) throw refuse(request, tooLarge());
  if (!request.isMultipart()) throw noFile();
  let received = 0;
  let overflow = () => {};
  const overflowed = new Promise<never>((_, reject) => {
    overflow = () => reject(tooLarge());
  });
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > MAX_UPLOAD_BYTES) overflow();
    if (received > 2 * MAX_UPLOAD_BYTES) request.raw.destroy();
  };
  request.raw.on('data', count);
  request.raw.once('end', () => request.raw.off('data', count));
  let upload: Upload | null;
  try {
    upload = await Promise.race([fileOf(request), overflowed]);
  } catch (error) {
    throw refuse(request, uploadError(error));
  }
  if (upload === null || upload.bytes.length === 0) throw noFile();
  return upload;
}

async function fileOf(request: FastifyRequest): Promise<Upload | null> {
  let upload: Upload | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname === 'file' && upload === null) {
      upload = { bytes: await part.toBuffer(), filename: part.filename };
    } else await drain(part.file);
  }
  return upload;
}

function uploadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return invalidField('file', RECEIPT_ONE_FILE);
  }
  // A broken boundary, a part cut short, too many parts or fields: nothing a person did.
  return badRequest('MALFORMED_REQUEST', UNREADABLE_UPLOAD);
}

function refuse(request: FastifyRequest, error: HttpError): HttpError {
  request.raw.unpipe();
  request.raw.resume();
  return error;
}

async function drain(stream: Readable): Promise<void> {
  for await (const _ of stream) {
    // Read to the end and forget.
  }
}
