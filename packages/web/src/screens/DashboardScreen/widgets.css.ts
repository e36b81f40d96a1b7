import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const widget = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const widgetHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  minHeight: vars.size.touchTarget,
});

export const widgetTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const muted = style({ color: vars.color.textMuted });

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.md,
  color: vars.color.textMuted,
});

export const summaryLines = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const summaryText = styleVariants({
  loading: { color: vars.color.textMuted },
  error: { color: vars.color.errorText, fontWeight: vars.fontWeight.medium },
  unavailable: { color: vars.color.textMuted },
  settled: { color: vars.color.text, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold },
  owed: { color: vars.color.positive, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold },
  owe: { color: vars.color.negative, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold },
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});

export const footerActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  paddingTop: vars.space.sm,
});

export const errorRow = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

export const updating = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
