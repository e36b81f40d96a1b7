import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.lg,
});

export const standalone = style({
  minHeight: '100dvh',
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `${vars.space.xxxl} ${vars.space.lg}`,
  justifyContent: 'center',
});

export const title = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold });

export const text = style({ color: vars.color.textMuted });
