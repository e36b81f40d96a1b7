import {
  isImageReceipt,
  RECEIPT_MAX_BYTES,
  RECEIPT_PDF_REFUSED,
  RECEIPT_THUMBNAIL_SIZE,
  RECEIPT_UNSUPPORTED,
  type ReceiptContentType,
  sniffReceiptType,
} from '@kitty/domain';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { HttpError } from '../http/errors';
import { checkPdf } from './pdf-check';
import { tooLarge } from './upload';

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
  /**
   * What is kept and served: an image drawn again without any metadata (no EXIF, GPS, XMP, IPTC, maker
   * notes, comments or ICC profile), turned as it is shown; a PDF as it came.
   */
  bytes: Buffer;
  /** Pixels as shown (EXIF orientation applied); null for a PDF. */
  width: number | null;
  height: number | null;
  /** WebP, at most 320 pixels on its longer side; null for a PDF. */
  thumbnail: Buffer | null;
}

export const unsupportedReceipt = () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', RECEIPT_UNSUPPORTED);
const refusedPdf = () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', RECEIPT_PDF_REFUSED);

/**
 * What a file is, by its own bytes: a JPEG, PNG or WebP image that decodes completely (its copy and its
 * thumbnail are made from the whole image, so a truncated or corrupt one fails here, as does one whose
 * header and content disagree), or a PDF that parses (`checkPdf`). Anything else, and any image libvips
 * cannot decode within the pixel limit, is a 415; so is a PDF locked by a password or with scripts.
 */
export async function inspectReceipt(bytes: Buffer): Promise<InspectedReceipt> {
  const contentType = sniffReceiptType(bytes);
  if (contentType === null) throw unsupportedReceipt();
  if (!isImageReceipt(contentType)) {
    const verdict = await checkPdf(bytes);
    if (verdict === 'encrypted' || verdict === 'active') throw refusedPdf();
    if (verdict !== 'ok') throw unsupportedReceipt();
    return { contentType, bytes, width: null, height: null, thumbnail: null };
  }
  let inspected: InspectedReceipt;
  try {
    // failOn 'warning': a premature end or a bad Huffman code is a refusal, not a half-grey picture.
    const image = () => sharp(bytes, { limitInputPixels: MAX_RECEIPT_PIXELS, failOn: 'warning' });
    const upright = () => image().autoOrient();
    const meta = await image().metadata();
    if (meta.format !== FORMAT_OF[contentType]) throw unsupportedReceipt();
    const { width, height } = meta.autoOrient;
    const [clean, thumbnail] = await Promise.all([
      withoutMetadata(upright(), contentType, meta).toBuffer(),
      upright()
        .resize(RECEIPT_THUMBNAIL_SIZE, RECEIPT_THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    ]);
    inspected = { contentType, bytes: clean, width, height, thumbnail };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // libvips' refusals (corrupt data, pixel limit, unsupported variant) all mean: not an image we keep.
    throw unsupportedReceipt();
  }
  // Drawn again, an image is rarely larger than it came; one that would pass the limit is refused as large.
  if (inspected.bytes.length > RECEIPT_MAX_BYTES) throw tooLarge();
  return inspected;
}

/**
 * The image in its own format, with nothing but pixels: sharp writes no metadata unless asked (no EXIF, so
 * no GPS, camera or orientation tag, no XMP, IPTC or comment) and converts to sRGB without the profile.
 * The turn the EXIF orientation asked for is applied to the pixels (`autoOrient`) instead. A JPEG or WebP is
 * encoded again at quality 90 (receipts' print stays sharp); a PNG stays lossless, a palette one a palette.
 */
function withoutMetadata(image: Sharp, contentType: ReceiptContentType, meta: Metadata): Sharp {
  switch (contentType) {
    case 'image/jpeg':
      return image.jpeg({ quality: 90 });
    case 'image/png':
      return image.png({ compressionLevel: 9, palette: meta.isPalette, dither: 0 });
    default:
      return image.webp({ quality: 90 });
  }
}
