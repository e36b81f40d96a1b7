import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const page = style({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  backgroundImage: `radial-gradient(120% 60% at 50% 0%, ${vars.color.primarySoft} 0%, ${vars.color.background} 70%)`,
  '@media': {
    'screen and (min-height: 700px)': { justifyContent: 'center' },
  },
});

export const column = style({
  width: '100%',
  maxWidth: '420px',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
});

export const brandBlock = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  textAlign: 'center',
});

export const tagline = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const cardHeader = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginBottom: vars.space.xl,
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.02em',
});

export const subtitle = style({ color: vars.color.textMuted });

export const footer = style({
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
