import { HttpError, NetworkError } from '@kitty/api';
import { CREATOR_CANNOT_BE_REMOVED, GROUP_DETAILS_CREATOR_ONLY, MEMBER_HAS_BALANCE } from '@kitty/domain';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/czech';
import { setActiveLanguage } from '../../i18n/language';
import { GROUP_NETWORK_ERROR } from '../../flows/groupCall';
import { settingsSaveFailure } from './settingsSaveFailure';

const SETTINGS_SAVE_FAILED = 'Failed to save group settings. Please try again.';
const UNEXPECTED_ERROR_TRY_AGAIN = 'An unexpected error occurred. Please try again.';

const http = (status: number, code: string, message: string) =>
  new HttpError({ status, data: { code, message }, message });

describe('a failed save of the group settings', () => {
  it('on a stale version shows the server message and reloads the group', () => {
    const stale = 'This group was changed by someone else. Reload and try again.';
    expect(settingsSaveFailure(http(409, 'VERSION_CONFLICT', stale))).toEqual({
      lines: [stale],
      reload: true,
      unexpected: false,
    });
  });

  it("on the member rules (also 409) shows the web's words for them under the save failure, without reloading", () => {
    for (const [code, rule] of [
      ['CREATOR_CANNOT_BE_REMOVED', CREATOR_CANNOT_BE_REMOVED],
      ['MEMBER_HAS_BALANCE', MEMBER_HAS_BALANCE],
    ] as const) {
      expect(settingsSaveFailure(http(409, code, 'the server may say it otherwise'))).toEqual({
        lines: [SETTINGS_SAVE_FAILED, rule],
        reload: false,
        unexpected: false,
      });
    }
  });

  it("on a name or description change by someone who is not the creator says who may, in the web's words", () => {
    expect(
      settingsSaveFailure(http(403, 'FORBIDDEN_NOT_CREATOR', 'the server may say it otherwise')),
    ).toEqual({
      lines: [SETTINGS_SAVE_FAILED, GROUP_DETAILS_CREATOR_ONLY],
      reload: false,
      unexpected: false,
    });
  });

  it('on another refusal or no response shows the save failure and the reason', () => {
    expect(settingsSaveFailure(http(400, 'VALIDATION_FAILED', 'Invalid currency')).lines).toEqual([
      SETTINGS_SAVE_FAILED,
      'Invalid currency',
    ]);
    expect(settingsSaveFailure(new NetworkError({ message: GROUP_NETWORK_ERROR })).lines).toEqual([
      SETTINGS_SAVE_FAILED,
      GROUP_NETWORK_ERROR,
    ]);
  });

  it('on an unexpected exception shows the catch-all', () => {
    expect(settingsSaveFailure(new TypeError('x is undefined'))).toEqual({
      lines: [UNEXPECTED_ERROR_TRY_AGAIN],
      reload: false,
      unexpected: true,
    });
  });

  describe('in Czech', () => {
    afterEach(() => setActiveLanguage('en'));

    it('says the save failure and the member rule in Czech', () => {
      setActiveLanguage('cs');
      expect(settingsSaveFailure(http(409, 'MEMBER_HAS_BALANCE', 'server words')).lines).toEqual([
        'Nastavení skupiny se nepodařilo uložit. Zkuste to prosím znovu.',
        'Tento člen má nevyrovnaný zůstatek a nelze ho odebrat, dokud nebudou všechny výdaje vyrovnány.',
      ]);
    });
  });
});
