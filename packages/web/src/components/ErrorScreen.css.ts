import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const page = style({
  minHeight: '100dvh',
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `${vars.space.xxxl} ${vars.space.lg}`,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  gap: vars.space.lg,
});

export const title = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold });

export const message = style({ color: vars.color.textMuted });

export const details = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
