import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const top = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.xs });

export const header = style({ flex: 1, minWidth: 0 });

export const banner = style({ marginTop: vars.space.md });

export const count = style({
  marginBlock: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  textAlign: 'center',
});

export const list = style({
  listStyle: 'none',
  margin: `0 0 ${vars.space.lg}`,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const row = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const rowMain = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 });

export const description = style({
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const meta = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const rowAmounts = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.xxs,
  flexShrink: 0,
  fontWeight: vars.fontWeight.semibold,
});

export const owe = style({ fontSize: vars.fontSize.xs, color: vars.color.negative });

export const owed = style({ fontSize: vars.fontSize.xs, color: vars.color.positive });

export const declined = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
