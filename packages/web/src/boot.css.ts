import { globalStyle, keyframes } from '@vanilla-extract/css';
import { vars } from './theme/theme.css';

// index.html paints "Loading..." before any script runs, looking like the app's own centered LoadingText
// (components/Spinner): the first paint does not wait for the JavaScript. React replaces it on its first render.

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

globalStyle('.boot', {
  display: 'flex',
  minHeight: '60vh',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
});

globalStyle('.boot-spinner', {
  flexShrink: 0,
  width: '2.25rem',
  height: '2.25rem',
  borderRadius: vars.radius.full,
  border: '3px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.75s linear infinite`,
});
