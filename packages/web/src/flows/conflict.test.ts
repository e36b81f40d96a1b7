import { HttpError, NetworkError } from '@kitty/api';
import { describe, expect, it } from 'vitest';
import { staleVersionMessage } from './conflict';

describe('staleVersionMessage', () => {
  it("gives the server's message for a 409", () => {
    const message = 'This expense was changed by someone else. Reload it and try again.';
    expect(staleVersionMessage(new HttpError({ status: 409, data: { message }, message }))).toBe(message);
  });

  it('is null for any other failure', () => {
    expect(staleVersionMessage(new HttpError({ status: 403, data: undefined, message: 'No' }))).toBeNull();
    expect(staleVersionMessage(new NetworkError({ message: 'No response from server' }))).toBeNull();
    expect(staleVersionMessage({ status: 409, message: 'not a call error' })).toBeNull();
    expect(staleVersionMessage(new Error('boom'))).toBeNull();
  });
});
