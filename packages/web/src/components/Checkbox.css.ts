import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export { description, error, label as groupLabel } from './field.css';

export const checkbox = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const box = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '22px',
  height: '22px',
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  color: vars.color.onPrimary,
  transitionProperty: 'background-color, border-color',
  transitionDuration: vars.duration.fast,
  selectors: {
    [`${checkbox}[data-selected] &`]: {
      backgroundColor: vars.color.primary,
      borderColor: vars.color.primary,
    },
    [`${checkbox}[data-focus-visible] &, ${checkbox}:has(input:focus-visible) &`]: {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
    [`${checkbox}[data-invalid] &`]: { borderColor: vars.color.errorText },
  },
});

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
