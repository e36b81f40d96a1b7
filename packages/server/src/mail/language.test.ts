import { describe, expect, it } from 'vitest';
import { browserLanguageOf, languageOfPerson } from './language';

describe('the language of a person e-mails', () => {
  it('is the chosen one, else the one the browser last asked for, else English', () => {
    expect(languageOfPerson({ language: 'cs', browser_language: 'en' })).toBe('cs');
    expect(languageOfPerson({ language: 'en', browser_language: 'cs' })).toBe('en');
    expect(languageOfPerson({ language: null, browser_language: 'cs' })).toBe('cs');
    expect(languageOfPerson({ language: null, browser_language: null })).toBe('en');
  });
});

describe('the language a browser asks for (Accept-Language)', () => {
  it('is the first tag Kitty speaks, by weight', () => {
    expect(browserLanguageOf('cs-CZ,cs;q=0.9,en;q=0.8')).toBe('cs');
    expect(browserLanguageOf('de-DE,de;q=0.9,cs;q=0.8,en;q=0.7')).toBe('cs');
    expect(browserLanguageOf('en;q=0.5, cs;q=0.9')).toBe('cs');
    expect(browserLanguageOf('en-GB')).toBe('en');
    expect(browserLanguageOf(['sk', 'cs;q=0.5'])).toBe('cs');
  });

  it('is English when the browser names only languages Kitty does not speak', () => {
    expect(browserLanguageOf('de-DE,de;q=0.9')).toBe('en');
    expect(browserLanguageOf('cs;q=0, de')).toBe('en');
  });

  it('is unknown when the request says nothing usable, so what was known stays', () => {
    expect(browserLanguageOf(undefined)).toBeNull();
    expect(browserLanguageOf('')).toBeNull();
    expect(browserLanguageOf('*')).toBeNull();
    expect(browserLanguageOf('???')).toBeNull();
  });
});
