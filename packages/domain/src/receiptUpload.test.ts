import { describe, expect, it } from 'vitest';
import {
  RECEIPT_LIMIT_REACHED,
  RECEIPT_MAX_BYTES,
  RECEIPT_REQUIRED,
  RECEIPT_TOO_LARGE,
  RECEIPT_UNSUPPORTED,
} from './receipts';
import { receiptFileError, receiptSize, receiptSizeLabel } from './receiptUpload';

describe('a picked receipt, before it is sent', () => {
  it('may be a JPEG, PNG, WebP or PDF of up to 10 MB while the expense has fewer than 5', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'application/pdf']) {
      expect(receiptFileError({ size: 1, type }, 0)).toBeUndefined();
    }
    expect(receiptFileError({ size: RECEIPT_MAX_BYTES, type: 'image/png' }, 4)).toBeUndefined();
  });

  it('is refused one byte over 10 MB, empty, or claiming any other type', () => {
    expect(RECEIPT_MAX_BYTES).toBe(10_485_760);
    expect(receiptFileError({ size: RECEIPT_MAX_BYTES + 1, type: 'image/png' }, 0)).toBe(RECEIPT_TOO_LARGE);
    expect(receiptFileError({ size: 0, type: 'image/png' }, 0)).toBe(RECEIPT_REQUIRED);
    expect(receiptFileError({ size: 10, type: 'image/gif' }, 0)).toBe(RECEIPT_UNSUPPORTED);
    expect(receiptFileError({ size: 10, type: 'text/plain' }, 0)).toBe(RECEIPT_UNSUPPORTED);
    expect(receiptFileError({ size: 10, type: '' }, 0)).toBe(RECEIPT_UNSUPPORTED);
  });

  it('is refused as a sixth whatever the file', () => {
    expect(receiptFileError({ size: 10, type: 'image/png' }, 5)).toBe(RECEIPT_LIMIT_REACHED);
    expect(receiptFileError({ size: RECEIPT_MAX_BYTES + 1, type: 'text/plain' }, 5)).toBe(
      RECEIPT_LIMIT_REACHED,
    );
    expect(RECEIPT_LIMIT_REACHED).toBe('An expense can have at most 5 receipts.');
  });

  it('says a size in bytes, KB or MB', () => {
    expect(receiptSizeLabel(1)).toBe('1 byte');
    expect(receiptSizeLabel(820)).toBe('820 bytes');
    expect(receiptSizeLabel(14 * 1024 + 100)).toBe('14 KB');
    expect(receiptSizeLabel(2.4 * 1024 * 1024)).toBe('2.4 MB');
    expect(receiptSizeLabel(RECEIPT_MAX_BYTES)).toBe('10 MB');
  });
});

describe('receiptSize', () => {
  it('gives the unit and the number, for a language that writes them its own way', () => {
    expect(receiptSize(820)).toEqual({ unit: 'bytes', value: 820, decimals: 0 });
    expect(receiptSize(14 * 1024 + 100)).toEqual({ unit: 'KB', value: 14, decimals: 0 });
    expect(receiptSize(2.4 * 1024 * 1024)).toEqual({ unit: 'MB', value: 2.4, decimals: 1 });
    expect(receiptSize(9.96 * 1024 * 1024)).toEqual({ unit: 'MB', value: 10, decimals: 1 });
    expect(receiptSizeLabel(9.96 * 1024 * 1024)).toBe('10.0 MB');
    expect(receiptSize(12.6 * 1024 * 1024)).toEqual({ unit: 'MB', value: 13, decimals: 0 });
  });
});
