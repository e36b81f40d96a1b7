import { HttpError, NetworkError } from '@kitty/api';
import { RECURRENCE_CHANGED_WORDS, RECURRENCE_ENDED_WORDS, RECURRENCE_NOT_MEMBER_WORDS } from '@kitty/domain';
import { describe, expect, it } from 'vitest';
import { recurringFailure } from './recurringWords';

const refused = (status: number, code: string) =>
  new HttpError({ status, data: { code, message: 'server words' }, message: 'server words' });

describe('a refused change of a recurring expense', () => {
  it('says why by its code, keeping the code and status', () => {
    for (const [status, code, words] of [
      [409, 'RECURRENCE_ENDED', RECURRENCE_ENDED_WORDS],
      [409, 'VERSION_CONFLICT', RECURRENCE_CHANGED_WORDS],
      [403, 'FORBIDDEN_NOT_MEMBER', RECURRENCE_NOT_MEMBER_WORDS],
    ] as const) {
      const seen = recurringFailure(refused(status, code)) as HttpError;
      expect(seen).toMatchObject({ status, code, message: words, data: { code, message: words } });
    }
  });

  it('leaves any other failure as it is', () => {
    const other = refused(400, 'VALIDATION_FAILED');
    expect(recurringFailure(other)).toBe(other);
    const offline = new NetworkError({ message: 'Network Error' });
    expect(recurringFailure(offline)).toBe(offline);
  });
});
