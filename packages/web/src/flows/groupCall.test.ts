import { HttpError, NetworkError, NO_RESPONSE_MESSAGE } from '@kitty/api';
import { describe, expect, it } from 'vitest';
import '../i18n/czech';
// As startLanguage does for any language but English.
import './authErrorWords';
import { setActiveLanguage } from '../i18n/language';
import { callGroup, GROUP_NETWORK_ERROR, groupActionError } from './groupCall';

const answer = (status: number, body: unknown) =>
  Promise.resolve({
    data: status < 300 ? body : undefined,
    error: status < 300 ? undefined : body,
    response: new Response(null, { status }),
  });

describe('group action errors (spec section 8)', () => {
  it('say "Network Error" when no response arrived', async () => {
    const failure = await callGroup(
      Promise.reject(new TypeError('Failed to fetch')),
      'Failed to fetch groups',
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure).toMatchObject({ status: 0, data: undefined, message: GROUP_NETWORK_ERROR });
  });

  it('say it in Czech when the app speaks Czech', async () => {
    setActiveLanguage('cs');
    try {
      const failure = await callGroup(Promise.reject(new TypeError('Failed to fetch')), 'x').catch(
        (e: unknown) => e,
      );
      expect(failure).toMatchObject({ status: 0, message: 'Chyba sítě' });
    } finally {
      setActiveLanguage('en');
    }
  });

  it("keep the server's message, or the call's default, when the server answered", async () => {
    await expect(
      callGroup(answer(403, { message: 'Not a member' }), 'Failed to leave group'),
    ).rejects.toMatchObject({
      status: 403,
      message: 'Not a member',
      data: { message: 'Not a member' },
    });
    await expect(callGroup(answer(500, {}), 'Failed to fetch group details')).rejects.toMatchObject({
      status: 500,
      message: 'Failed to fetch group details',
    });
  });

  it('resolve to the body on success', async () => {
    await expect(callGroup(answer(200, { groups: [] }), 'Failed to fetch groups')).resolves.toEqual({
      groups: [],
    });
  });

  it('leave other errors alone', () => {
    const http = new HttpError({ status: 409, data: undefined, message: 'Changed meanwhile' });
    expect(groupActionError(http)).toBe(http);
    const own = new NetworkError({ message: 'The operation was aborted.' });
    expect(groupActionError(own)).toBe(own);
    const plain = new Error('boom');
    expect(groupActionError(plain)).toBe(plain);
    expect(NO_RESPONSE_MESSAGE).not.toBe(GROUP_NETWORK_ERROR);
  });
});
