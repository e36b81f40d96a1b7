import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.01em',
  borderRadius: vars.radius.sm,
});

export const mark = style({ color: vars.color.primary, flexShrink: 0 });

export const small = style({ fontSize: vars.fontSize.lg });

export const large = style({ fontSize: vars.fontSize.xxl });
