import { HttpError, NetworkError } from '@kitty/api';
import {
  COMMENT_EXPENSE_GONE,
  RECEIPT_GONE,
  RECEIPT_LIMIT_REACHED,
  RECEIPT_MEMBERS_ONLY,
  RECEIPT_PDF_REFUSED,
  RECEIPT_TOO_LARGE,
  RECEIPT_UPLOADER_ONLY,
  RECEIPT_UNSUPPORTED,
} from '@kitty/domain';
import { describe, expect, it } from 'vitest';
import { receiptFailureWords } from './receiptWords';

const answer = (status: number, code?: string, message = 'Server words') =>
  new HttpError({ status, data: code ? { code, message } : message, message });

describe('receiptFailureWords', () => {
  it('says each refusal of an attachment by its code, not by the server’s English', () => {
    expect(receiptFailureWords(answer(413, 'PAYLOAD_TOO_LARGE'), 'attach')).toBe(RECEIPT_TOO_LARGE);
    expect(receiptFailureWords(answer(415, 'UNSUPPORTED_MEDIA_TYPE'), 'attach')).toBe(RECEIPT_UNSUPPORTED);
    expect(receiptFailureWords(answer(415, 'UNSUPPORTED_MEDIA_TYPE', RECEIPT_PDF_REFUSED), 'attach')).toBe(
      RECEIPT_PDF_REFUSED,
    );
    expect(receiptFailureWords(answer(409, 'RECEIPT_LIMIT_REACHED'), 'attach')).toBe(RECEIPT_LIMIT_REACHED);
    expect(receiptFailureWords(answer(403, 'FORBIDDEN_NOT_MEMBER'), 'attach')).toBe(RECEIPT_MEMBERS_ONLY);
    expect(receiptFailureWords(answer(404, 'NOT_FOUND'), 'attach')).toBe(COMMENT_EXPENSE_GONE);
  });

  it('a removal refused to someone else is the uploader rule, not the comments’ one', () => {
    expect(receiptFailureWords(answer(403, 'FORBIDDEN_NOT_AUTHOR'), 'remove')).toBe(RECEIPT_UPLOADER_ONLY);
    expect(receiptFailureWords(answer(404, 'NOT_FOUND'), 'remove')).toBe(RECEIPT_GONE);
    expect(receiptFailureWords(answer(404, 'NOT_FOUND'), 'open')).toBe(RECEIPT_GONE);
  });

  it('a proxy’s bare 413 or 415 reads like the server’s', () => {
    expect(receiptFailureWords(answer(413), 'attach')).toBe(RECEIPT_TOO_LARGE);
    expect(receiptFailureWords(answer(415), 'attach')).toBe(RECEIPT_UNSUPPORTED);
  });

  it('anything else: the server’s message, or the action’s own words', () => {
    expect(receiptFailureWords(answer(400, 'VALIDATION_FAILED', 'Please choose a file'), 'attach')).toBe(
      'Please choose a file',
    );
    expect(receiptFailureWords(new NetworkError({ message: 'No response from server' }), 'open')).toBe(
      'No response from server',
    );
    expect(receiptFailureWords(new Error('boom'), 'remove')).toBe('Failed to remove receipt');
  });
});
