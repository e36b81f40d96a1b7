import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const tightStack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
});

export const name = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const amount = style({ fontWeight: vars.fontWeight.bold, whiteSpace: 'nowrap' });

/** Several amounts side by side (a net in each open currency); they wrap rather than overflow. */
export const amounts = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

export const heading = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const subheading = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const empty = style({
  color: vars.color.textMuted,
  textAlign: 'center',
  padding: `${vars.space.lg} 0`,
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const th = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  selectors: { '&:not(:first-child)': { textAlign: 'end' } },
});

export const td = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.regular,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:not(:first-child)': { textAlign: 'end' } },
});

export const tag = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  backgroundColor: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  whiteSpace: 'nowrap',
});

export const tags = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const choice = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  width: '100%',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.primary, backgroundColor: vars.color.surfaceHover },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const arrow = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flexWrap: 'wrap',
});

export const memberText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  flex: 1,
  minWidth: 0,
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});

export const footerColumn = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: '100%',
});

/** The group's name and description as text, for members who are not its creator. */
export const details = style({ display: 'grid', gap: vars.space.xs, margin: 0 });

globalStyle(`${details} > div`, { display: 'flex', justifyContent: 'space-between', gap: vars.space.md });

globalStyle(`${details} dt`, { color: vars.color.textMuted });

globalStyle(`${details} dd`, {
  margin: 0,
  textAlign: 'end',
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
});

export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
