import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  flexShrink: 0,
  borderRadius: vars.radius.full,
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.75s linear infinite`,
});

export const spinnerSize = styleVariants({
  sm: { width: '1em', height: '1em' },
  md: { width: '1.5rem', height: '1.5rem' },
  lg: { width: '2.25rem', height: '2.25rem', borderWidth: '3px' },
});

export const loadingText = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
});

export const centered = style({
  minHeight: '60vh',
  flexDirection: 'column',
  justifyContent: 'center',
  gap: vars.space.md,
  color: vars.color.textMuted,
});
