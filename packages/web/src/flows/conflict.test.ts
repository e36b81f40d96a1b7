import { HttpError, NetworkError } from '@kitty/api';
import { describe, expect, it } from 'vitest';
import { changedMeanwhile } from './conflict';

const refusal = (status: number, code: string, message: string) =>
  new HttpError({ status, data: { code, message }, message });

describe('changedMeanwhile', () => {
  it('is true when the server says the item changed since it was loaded', () => {
    expect(
      changedMeanwhile(refusal(409, 'VERSION_CONFLICT', 'This expense was changed by someone else.')),
    ).toBe(true);
    expect(changedMeanwhile(refusal(409, 'EXPENSE_DECLINED', 'This expense was declined'))).toBe(true);
    expect(changedMeanwhile(refusal(409, 'MEMBER_LEFT_GROUP', 'Someone has left the group'))).toBe(true);
  });

  it('is false for any other failure, whatever its status', () => {
    expect(changedMeanwhile(refusal(409, 'IDEMPOTENCY_KEY_IN_PROGRESS', 'Still running'))).toBe(false);
    expect(changedMeanwhile(refusal(403, 'FORBIDDEN_NOT_PAYER', 'No'))).toBe(false);
    expect(changedMeanwhile(new HttpError({ status: 409, data: undefined, message: 'No code' }))).toBe(false);
    expect(changedMeanwhile(new NetworkError({ message: 'No response from server' }))).toBe(false);
    expect(changedMeanwhile({ status: 409, code: 'VERSION_CONFLICT', message: 'not a call error' })).toBe(
      false,
    );
    expect(changedMeanwhile(new Error('boom'))).toBe(false);
  });
});
