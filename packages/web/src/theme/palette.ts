/**
 * The colour tokens of both schemes, in plain TypeScript so that a unit test can check their contrast
 * (theme.css.ts turns them into CSS variables). Every pair listed in `contrastPairs` must reach
 * WCAG AA: 4.5:1 for text, 3:1 for borders and focus rings.
 */
export interface Palette {
  /** Page background. */
  background: string;
  /** Cards, dialogs, the bottom bar. */
  surface: string;
  /** Inputs and quiet fills on a surface. */
  surfaceSunken: string;
  /** Hover fill of ghost buttons and list rows. */
  surfaceHover: string;
  border: string;
  /** Input borders: a control's boundary needs 3:1. */
  borderStrong: string;
  text: string;
  textMuted: string;
  primary: string;
  primaryHover: string;
  primaryPressed: string;
  onPrimary: string;
  /** Tinted background of the secondary button and the active tab. */
  primarySoft: string;
  /** Text on primarySoft (and links). */
  primaryText: string;
  danger: string;
  dangerHover: string;
  onDanger: string;
  /** Money owed to you. */
  positive: string;
  /** Money you owe. */
  negative: string;
  errorText: string;
  errorSoft: string;
  successText: string;
  successSoft: string;
  focusRing: string;
  overlay: string;
}

export const light: Palette = {
  background: '#f4f5f8',
  surface: '#ffffff',
  surfaceSunken: '#f8f9fb',
  surfaceHover: '#eef0f5',
  border: '#e2e5ec',
  borderStrong: '#7b8292',
  text: '#141824',
  textMuted: '#525a6b',
  primary: '#4338ca',
  primaryHover: '#3b30b3',
  primaryPressed: '#322a99',
  onPrimary: '#ffffff',
  primarySoft: '#e9e8fc',
  primaryText: '#3730a3',
  danger: '#b91c1c',
  dangerHover: '#a11818',
  onDanger: '#ffffff',
  positive: '#047857',
  negative: '#b91c1c',
  errorText: '#a31919',
  errorSoft: '#fdecec',
  successText: '#065f46',
  successSoft: '#e6f6ef',
  focusRing: '#4338ca',
  overlay: 'rgba(17, 20, 30, 0.55)',
};

export const dark: Palette = {
  background: '#0f1117',
  surface: '#1a1d26',
  surfaceSunken: '#141720',
  surfaceHover: '#252936',
  border: '#2c3140',
  borderStrong: '#7d8597',
  text: '#eceef3',
  textMuted: '#a7aebd',
  primary: '#8b93ff',
  primaryHover: '#9ea5ff',
  primaryPressed: '#b0b6ff',
  onPrimary: '#0f1117',
  primarySoft: '#262a4a',
  primaryText: '#b4b9ff',
  danger: '#f47272',
  dangerHover: '#f68888',
  onDanger: '#0f1117',
  positive: '#3ed39c',
  negative: '#ff8080',
  errorText: '#ff9a9a',
  errorSoft: '#3a1d22',
  successText: '#6ee7b7',
  successSoft: '#163328',
  focusRing: '#8b93ff',
  overlay: 'rgba(0, 0, 0, 0.65)',
};

type Key = keyof Palette;

/** [foreground, background, minimum ratio]: every pairing the components actually use. */
export const contrastPairs: ReadonlyArray<readonly [Key, Key, number]> = [
  ['text', 'background', 4.5],
  ['text', 'surface', 4.5],
  ['text', 'surfaceSunken', 4.5],
  ['text', 'surfaceHover', 4.5],
  ['textMuted', 'background', 4.5],
  ['textMuted', 'surface', 4.5],
  ['textMuted', 'surfaceSunken', 4.5],
  ['onPrimary', 'primary', 4.5],
  ['onPrimary', 'primaryHover', 4.5],
  ['onPrimary', 'primaryPressed', 4.5],
  ['primaryText', 'primarySoft', 4.5],
  ['primaryText', 'surface', 4.5],
  ['primaryText', 'background', 4.5],
  ['onDanger', 'danger', 4.5],
  ['onDanger', 'dangerHover', 4.5],
  ['positive', 'surface', 4.5],
  ['positive', 'background', 4.5],
  ['positive', 'surfaceHover', 4.5],
  ['negative', 'surface', 4.5],
  ['negative', 'background', 4.5],
  ['negative', 'surfaceHover', 4.5],
  ['errorText', 'errorSoft', 4.5],
  ['errorText', 'surface', 4.5],
  ['successText', 'successSoft', 4.5],
  ['borderStrong', 'surface', 3],
  ['borderStrong', 'surfaceSunken', 3],
  ['focusRing', 'surface', 3],
  ['focusRing', 'background', 3],
];
