import { afterEach, describe, expect, it } from 'vitest';
import './czech';
import './pseudo';
import catalog from './catalog/en/login.json';
import { setActiveLanguage } from './language';
import { messages } from './messages';
import { domainWords } from './domainWords';

const t = messages(catalog);

describe('messages', () => {
  afterEach(() => setActiveLanguage('en'));

  it('speaks the spec English by default', () => {
    expect(t('title')).toBe('Welcome Back');
  });

  it('speaks Czech once Czech is the language, from the same call', () => {
    setActiveLanguage('cs');
    expect(t('title')).toBe('Vítejte zpět');
  });

  it('accents and lengthens every message in the pseudo-locale', () => {
    setActiveLanguage('pseudo');
    expect(t('signIn')).toMatch(/^⟦Si\u0301gn I\u0301n·+⟧$/u);
  });
});

describe('domainWords', () => {
  afterEach(() => setActiveLanguage('en'));
  const words = domainWords(catalog);

  it('translates the English the domain writes when the catalog holds it verbatim', () => {
    setActiveLanguage('cs');
    expect(words('Welcome Back')).toBe('Vítejte zpět');
    expect(words('A message from the server')).toBe('A message from the server');
  });
});
