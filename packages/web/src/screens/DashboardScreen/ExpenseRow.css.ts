import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

const base = style({
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

export const amount = styleVariants({
  owe: [base, { color: vars.color.negative }],
  owed: [base, { color: vars.color.positive }],
});

/** "Declined by {name}" in place of the amount: muted, and it may wrap on a narrow screen. */
export const declined = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, textAlign: 'end' });
