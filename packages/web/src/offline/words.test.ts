import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/czech';
import { setActiveLanguage } from '../i18n/language';
import { failureWords } from './words';

// Why a write made offline was refused when it was sent, as the Waiting to sync list says it.

describe('the words of a refused queued write', () => {
  afterEach(() => setActiveLanguage('en'));

  it('a personal item naming someone who blocked its sender says so, not that a group is closed', () => {
    const blocked = { status: 403, code: 'BLOCKED_BY_PERSON', message: 'server words' };
    expect(failureWords(blocked)).toBe(
      'Someone named in it does not accept personal expenses or payments from you.',
    );
    expect(failureWords({ status: 403, code: 'FORBIDDEN_NOT_MEMBER', message: 'x' })).toBe(
      'You can no longer change this group.',
    );
    setActiveLanguage('cs');
    expect(failureWords(blocked)).toBe(
      'Někdo, kdo je v tom uvedený, od vás osobní výdaje ani platby nepřijímá.',
    );
  });
});
