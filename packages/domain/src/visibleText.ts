// "Has a visible character": the rule of every text that names something (a group's name, a person's name,
// an expense's description, a comment, an imported group or row). A text that shows nothing is refused as
// an empty one is, with the same message: a name of zero-width spaces IS an empty name.

/**
 * The code points that show nothing on their own, as one regular-expression class body (with the `u` flag):
 * - `\p{White_Space}`: spaces, tabs, line breaks, U+00A0, U+2000–U+200A, U+3000…;
 * - `\p{Cc}` controls and `\p{Cf}` format characters: U+200B ZERO WIDTH SPACE, U+200C/U+200D joiners,
 *   U+2060 WORD JOINER, U+FEFF BYTE ORDER MARK, U+180E MONGOLIAN VOWEL SEPARATOR, direction marks, the tags
 *   U+E0001 and U+E0020–U+E007F;
 * - `\p{M}` marks: combining accents and the variation selectors U+FE00–U+FE0F and U+E0100–U+E01EF, which only
 *   change the character before them (a text of marks alone has nothing to put them on);
 * - `\p{Default_Ignorable_Code_Point}`: what fonts draw as nothing, such as the Hangul fillers U+115F, U+1160,
 *   U+3164 and U+FFA0, U+034F COMBINING GRAPHEME JOINER, U+00AD SOFT HYPHEN and the rest of U+E0000–U+E0FFF;
 * - `\p{Noncharacter_Code_Point}` (U+FFFE, U+FFFF…), `\p{Cs}` (a lone surrogate half) and U+2800 BRAILLE
 *   PATTERN BLANK, a symbol drawn as an empty cell.
 * Private-use (`\p{Co}`) and unassigned (`\p{Cn}`) code points count as visible: a font may draw the former,
 * and an emoji newer than the Unicode tables of one engine is unassigned there (Node 20, an older browser).
 */
export const INVISIBLE_CHARACTERS = String.raw`\p{White_Space}\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}\p{Cs}\u2800`;

/**
 * One visible character, as a pattern (the `u` flag): openapi.yaml's `pattern` of every naming field is this
 * text, so the contract, the server, the web and the CLI refuse the same strings.
 */
export const VISIBLE_CHARACTER_PATTERN = `[^${INVISIBLE_CHARACTERS}]`;

const VISIBLE = new RegExp(VISIBLE_CHARACTER_PATTERN, 'u');

/** True when the text has at least one character that shows (see INVISIBLE_CHARACTERS). */
export function hasVisibleCharacter(text: string | null | undefined): boolean {
  return typeof text === 'string' && VISIBLE.test(text);
}

/**
 * The characters that are blank by themselves and attach to nothing: white space, controls, and the
 * zero-width spaces and fillers (U+200B, U+2060, U+FEFF, U+180E, U+115F, U+1160, U+3164, U+FFA0, U+2800).
 * Marks, variation selectors, joiners, tags and direction marks are not among them: they belong to a
 * neighbour (an accent written as e + U+0301, the emoji form of ❤️ = U+2764 U+FE0F, the England flag's tags).
 */
const BLANK = String.raw`\p{White_Space}\p{Cc}\u200B\u2060\uFEFF\u180E\u115F\u1160\u3164\uFFA0\u2800`;
const BLANK_ENDS = new RegExp(`^[${BLANK}]+|[${BLANK}]+$`, 'gu');

/**
 * A naming text as it is kept: without blank characters at either end (String.prototype.trim's, plus the
 * zero-width spaces and fillers of BLANK), so "Trip\u200B" is stored, listed and searched as "Trip".
 */
export function trimText(text: string): string {
  return text.replace(BLANK_ENDS, '');
}

/** An optional text as it is kept (a group's description): trimmed, and '' when nothing in it shows. */
export function optionalText(text: string | null | undefined): string {
  return hasVisibleCharacter(text) ? trimText(text as string) : '';
}
