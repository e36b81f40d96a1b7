import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { failureMessage } from '@kitty/domain';
import { afterEach, describe, expect, it } from 'vitest';
import accountErrors from '../i18n/catalog/en/accountErrors.json';
import authErrors from '../i18n/catalog/en/authErrors.json';
import csAccountErrors from '../i18n/catalog/cs/accountErrors.json';
import csAuthErrors from '../i18n/catalog/cs/authErrors.json';
import csErrors from '../i18n/catalog/cs/errors.json';
import errors from '../i18n/catalog/en/errors.json';
import '../i18n/czech';
import { setActiveLanguage } from '../i18n/language';
import { errorWords } from './errorWords';
import { knownWords } from './failureWords';

// The contract's ErrorCode enum, read from openapi.yaml: a code added there without words fails here.
const contract = readFileSync(join(import.meta.dirname, '../../../../openapi.yaml'), 'utf8');
const enumBlock = contract.slice(contract.indexOf('    ErrorCode:'));
const enumList = enumBlock.slice(enumBlock.indexOf('      enum:'), enumBlock.indexOf('\n    Health:'));
const codes = [...enumList.matchAll(/^ {8}- ([A-Z_]+)$/gm)].map((m) => m[1] ?? '');

const refusal = (code: string, message: string, status = 409) => ({
  status,
  code,
  data: { code, message },
  message,
});

describe('the server refusals in words, by code', () => {
  afterEach(() => setActiveLanguage('en'));

  it('has words for every ErrorCode of the contract, in English and Czech', () => {
    expect(codes.length).toBeGreaterThan(30);
    const en: Record<string, string> = { ...errors, ...authErrors, ...accountErrors };
    const cs: Record<string, string> = { ...csErrors, ...csAuthErrors, ...csAccountErrors };
    expect(codes.filter((code) => !en[code] || !cs[code])).toEqual([]);
  });

  it('keeps the server message in English and speaks by code in Czech', () => {
    const wrong = refusal('INVALID_CREDENTIALS', 'Invalid email or password', 401);
    expect(failureMessage(wrong, 'Login failed')).toBe('Invalid email or password');
    setActiveLanguage('cs');
    expect(failureMessage(wrong, 'Login failed')).toBe('Neplatný e-mail nebo heslo');
    expect(failureMessage(refusal('VERSION_CONFLICT', 'Version mismatch'), 'x')).toBe(
      'Mezitím to změnil někdo jiný. Načtěte stránku znovu a zkuste to ještě jednou.',
    );
  });

  it('gives the spec words for the codes it fixes, and the code words in Czech', () => {
    const leave = refusal('CANNOT_LEAVE_GROUP', 'Cannot leave');
    expect(errorWords(leave as never)).toBe(
      'You cannot leave because you either have an outstanding balance or are the group admin.',
    );
    expect(errorWords(refusal('GROUP_HAS_BALANCES', 'Settle first') as never)).toBe('Settle first');
    setActiveLanguage('cs');
    expect(errorWords(leave as never)).toBe(
      'Skupinu nemůžete opustit, protože máte nevyrovnaný zůstatek nebo jste její správce.',
    );
    expect(errorWords(refusal('GROUP_HAS_BALANCES', 'Settle first') as never)).toBe(
      'Skupinu s nevyrovnanými zůstatky nelze smazat.',
    );
  });

  it('translates a failing field the server names when a catalog knows its words', () => {
    setActiveLanguage('cs');
    const field = refusal('VALIDATION_FAILED', 'Password must be at least 8 characters', 400);
    expect(failureMessage(field, 'x')).toBe('Heslo musí mít alespoň 8 znaků');
    expect(knownWords('Email is required')).toBe('Zadejte e-mail');
    expect(knownWords('Something the catalogs do not hold')).toBe('Something the catalogs do not hold');
  });
});
