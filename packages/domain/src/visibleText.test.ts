import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateRegister } from './accountValidation';
import { validateComment } from './comments';
import { splitName, validateExpense, validateGroupName } from './validation';
import { hasVisibleCharacter, optionalText, trimText } from './visibleText';

const codePoint = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCodePoint(c));

/** One code point that shows nothing: each kind visibleText.ts names, and whole ranges of them. */
const invisibleArb = fc.oneof(
  fc.constantFrom(
    ...[' ', '\t', '\n', '\r', '\u000B', '\u0085', '\u00A0', '\u1680', '\u2003', '\u2028', '\u3000'],
    ...['\u0000', '\u0007', '\u007F', '\u009F'],
    ...['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u180E', '\u200E', '\u202E', '\u2066'],
    ...['\u3164', '\u115F', '\u1160', '\uFFA0', '\u2800', '\u00AD', '\u034F', '\uFFFF', '\u{10FFFE}'],
    ...['\u0301', '\u20DD', '\uFE0F', '\u{E0100}', '\u{E0001}', '\u{E0067}', '\u{E007F}'],
  ),
  codePoint(0x2000, 0x200f),
  codePoint(0x0300, 0x036f),
  codePoint(0xfe00, 0xfe0f),
  codePoint(0xe0000, 0xe0fff),
);
const invisibleTextArb = fc.array(invisibleArb, { maxLength: 12 }).map((parts) => parts.join(''));

/** The letters and symbols Unicode has that are drawn as nothing (Hangul fillers, the Braille blank). */
const BLANK_LETTERS = new Set([0x115f, 0x1160, 0x3164, 0xffa0, 0x2800]);
const LETTER_DIGIT_SYMBOL = /^[\p{L}\p{N}\p{S}]$/u;

/** A letter, digit or symbol of any script, or an emoji (alone, with its variation selector, or joined). */
const visibleArb = fc.oneof(
  fc
    .integer({ min: 0x21, max: 0x10ffff })
    .filter((c) => !BLANK_LETTERS.has(c) && LETTER_DIGIT_SYMBOL.test(String.fromCodePoint(c)))
    .map((c) => String.fromCodePoint(c)),
  fc.constantFrom('a', 'Ž', 'ß', 'ж', 'ع', 'א', '漢', 'ㄱ', '७', '5', '€', '$', '😀', '❤️', '👩‍👩‍👧', '🏴󠁧󠁢󠁥󠁮󠁧󠁿'),
);

describe('has a visible character', () => {
  it('refuses every text made only of invisible code points, as each naming field does', () => {
    fc.assert(
      fc.property(invisibleTextArb, (text) => {
        expect(hasVisibleCharacter(text)).toBe(false);
        expect(validateGroupName(text)).toEqual({ name: 'Please enter a group name' });
        expect(validateComment(text)).toEqual({ text: 'Please write a comment' });
        expect(
          validateExpense({ description: text, amount: '1', participants: ['a'], split_type: 'equal' }),
        ).toEqual({ description: 'Please enter a description for this expense' });
        expect(optionalText(text)).toBe('');
      }),
    );
  });

  it('accepts any text with a letter, digit, symbol or emoji, wherever the invisible ones are', () => {
    fc.assert(
      fc.property(invisibleTextArb, visibleArb, invisibleTextArb, (before, visible, after) => {
        const text = before + visible + after;
        expect(hasVisibleCharacter(text)).toBe(true);
        expect(validateGroupName(text)).toEqual({});
        expect(validateComment(text)).toEqual({});
      }),
    );
  });

  it('is false for what is not text at all', () => {
    expect(hasVisibleCharacter(null)).toBe(false);
    expect(hasVisibleCharacter(undefined)).toBe(false);
    expect(hasVisibleCharacter('')).toBe(false);
  });
});

describe('a naming text as it is kept', () => {
  const blankArb = fc
    .array(
      fc.constantFrom(' ', '\t', '\n', '\u00A0', '\u3000', '\u200B', '\u2060', '\uFEFF', '\u3164', '\u2800'),
      {
        maxLength: 6,
      },
    )
    .map((parts) => parts.join(''));

  it('loses blank characters at its ends and keeps everything between its first and last visible one', () => {
    fc.assert(
      fc.property(
        blankArb,
        visibleArb,
        invisibleTextArb,
        visibleArb,
        blankArb,
        (start, a, middle, b, end) => {
          expect(trimText(start + a + middle + b + end)).toBe(a + middle + b);
        },
      ),
    );
  });

  it('keeps the marks, variation selectors and tags that belong to the character before them', () => {
    expect(trimText('\u200BCafe\u0301\u2060')).toBe('Cafe\u0301');
    expect(trimText(' I \u2764\uFE0F\uFEFF')).toBe('I \u2764\uFE0F');
    expect(trimText('\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}\u200B')).toBe(
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
    );
  });
});

describe('names', () => {
  const form = {
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    password: 'long-enough',
    confirmPassword: 'long-enough',
    passphrase: 'p',
  };

  it('of zero-width characters are required at registration, like empty ones', () => {
    expect(validateRegister({ ...form, first_name: '\u200B\u200B', last_name: '\u3164\u3164' })).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
    });
    expect(validateRegister({ ...form, first_name: '\u200BA\u2060' }).first_name).toBe(
      'First name must be at least 2 characters',
    );
  });

  it('of a new person that show nothing are no name: the e-mail names them', () => {
    expect(splitName('\u200B\u2060', 'zoe@example.com')).toEqual({
      first_name: '',
      last_name: '',
      display_name: 'zoe',
    });
    expect(splitName('Eve \u200B Van\u200B', 'eve@example.com')).toEqual({
      first_name: 'Eve',
      last_name: 'Van',
      display_name: 'Eve Van',
    });
  });
});
