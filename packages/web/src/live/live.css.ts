import { globalStyle, keyframes } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

// What changed live is marked for a few seconds (`data-live-changed`, set by useLiveChanged): a background
// that fades out; with reduced motion, a still outline for that time instead.
const fade = keyframes({
  from: { backgroundColor: vars.color.primarySoft },
  to: { backgroundColor: 'transparent' },
});

globalStyle('[data-live-changed]', {
  animation: `${fade} 2.5s ease-out`,
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animation: 'none',
      outline: `2px solid ${vars.color.primarySoft}`,
      outlineOffset: '-2px',
    },
  },
});
