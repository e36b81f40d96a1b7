import { afterEach, describe, expect, it } from 'vitest';
import { failureCode, failureMessage, setRefusalWords } from './failure';

describe('failureMessage', () => {
  it("the server's message when it answered with one: its body's, else the normalised error's", () => {
    const answered = { status: 409, data: { code: 'VERSION_CONFLICT', message: 'Changed meanwhile' } };
    expect(failureMessage({ ...answered, message: 'Failed to update expense' }, 'Fallback')).toBe(
      'Changed meanwhile',
    );
    expect(failureMessage({ status: 400, message: 'Too much' }, 'Failed to record settlement')).toBe(
      'Too much',
    );
  });

  it("the screen's fallback when no response arrived, the server said nothing, or it is not a call's failure", () => {
    const noResponse = { status: 0, message: 'No response from server' };
    expect(failureMessage(noResponse, 'Failed to record settlement')).toBe('Failed to record settlement');
    expect(failureMessage({ status: 500, data: { message: '  ' } }, 'Failed to load')).toBe('Failed to load');
    expect(failureMessage(undefined, 'Failed to load settlements')).toBe('Failed to load settlements');
    expect(failureMessage('boom', 'Failed')).toBe('Failed');
  });

  it('a fallback chosen from what the failure says about itself', () => {
    const pick = ({ status, message }: { status: number | undefined; message: string | undefined }) =>
      `${status ?? 'none'}:${message ?? 'none'}`;
    expect(failureMessage({ status: 0, message: 'No response from server' }, pick)).toBe(
      '0:No response from server',
    );
    expect(failureMessage(new Error('boom'), pick)).toBe('none:boom');
    expect(failureMessage({ status: 404 }, pick)).toBe('404:none');
  });
});

describe('failureCode', () => {
  it("the server's code, from the normalised error or its body; none without an answer", () => {
    expect(failureCode({ status: 409, code: 'MEMBER_HAS_BALANCE' })).toBe('MEMBER_HAS_BALANCE');
    expect(failureCode({ status: 404, data: { code: 'NOT_FOUND', message: 'Not found' } })).toBe('NOT_FOUND');
    expect(failureCode({ status: 0, message: 'No response from server' })).toBeUndefined();
    expect(failureCode(null)).toBeUndefined();
  });
});

describe('the client words for a refusal, by its code', () => {
  afterEach(() => setRefusalWords(undefined));

  it('replace the server message when the client has words for the code, and keep it otherwise', () => {
    setRefusalWords((code) => (code === 'INVALID_CREDENTIALS' ? 'Neplatný e-mail nebo heslo' : undefined));
    const refused = {
      status: 401,
      data: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' },
    };
    expect(failureMessage(refused, 'Login failed')).toBe('Neplatný e-mail nebo heslo');
    const other = {
      status: 409,
      data: { code: 'EMAIL_TAKEN', message: 'An account with this e-mail already exists.' },
    };
    expect(failureMessage(other, 'Registration failed')).toBe('An account with this e-mail already exists.');
  });

  it('are not asked without a code: a failure without an answer keeps the screen fallback', () => {
    setRefusalWords(() => 'never');
    expect(failureMessage({ status: 0, message: 'Failed to fetch' }, 'Network error')).toBe('Network error');
  });
});
