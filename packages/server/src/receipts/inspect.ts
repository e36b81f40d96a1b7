import {
  isImageReceipt,
  RECEIPT_THUMBNAIL_SIZE,
  RECEIPT_UNSUPPORTED,
  type ReceiptContentType,
  sniffReceiptType,
} from '@kitty/domain';
import sharp from 'sharp';
import { HttpError } from '../http/errors';

/**
 * The most pixels an image may decode to: 100 megapixels, past any phone camera's usual picture. A small
 * file that claims more (a decompression bomb: a 48 kB PNG of 20000 × 20000) is refused from its header,
 * before anything is decoded.
 */
export const MAX_RECEIPT_PIXELS = 100_000_000;

// Each image is decoded once: libvips' operation cache would only hold memory.
sharp.cache(false);

const FORMAT_OF: Record<ReceiptContentType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

export interface InspectedReceipt {
  contentType: ReceiptContentType;
  /** Pixels as shown (EXIF orientation applied); null for a PDF. */
  width: number | null;
  height: number | null;
  /** WebP, at most 320 pixels on its longer side; null for a PDF. */
  thumbnail: Buffer | null;
}

export const unsupportedReceipt = () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', RECEIPT_UNSUPPORTED);

/**
 * What a file is, by its own bytes: a JPEG, PNG or WebP image that decodes completely (its thumbnail is
 * made from the whole image, so a truncated or corrupt one fails here, as does one whose header and
 * content disagree), or a PDF. Anything else, and any image libvips cannot decode within the pixel
 * limit, is a 415.
 */
export async function inspectReceipt(bytes: Buffer): Promise<InspectedReceipt> {
  const contentType = sniffReceiptType(bytes);
  if (contentType === null) throw unsupportedReceipt();
  if (!isImageReceipt(contentType)) return { contentType, width: null, height: null, thumbnail: null };
  try {
    // failOn 'warning': a premature end or a bad Huffman code is a refusal, not a half-grey picture.
    const image = sharp(bytes, { limitInputPixels: MAX_RECEIPT_PIXELS, failOn: 'warning' });
    const meta = await image.metadata();
    if (meta.format !== FORMAT_OF[contentType]) throw unsupportedReceipt();
    const { width, height } = meta.autoOrient;
    const thumbnail = await image
      .autoOrient()
      .resize(RECEIPT_THUMBNAIL_SIZE, RECEIPT_THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { contentType, width, height, thumbnail };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // libvips' refusals (corrupt data, pixel limit, unsupported variant) all mean: not an image we keep.
    throw unsupportedReceipt();
  }
}
