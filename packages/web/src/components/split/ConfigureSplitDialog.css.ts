import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const type = style({
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const hint = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const rows = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const summary = style({
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'end',
});

export const problem = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.errorText,
});

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  paddingTop: vars.space.sm,
});

export const equal = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
