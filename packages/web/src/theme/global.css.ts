import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('*', { margin: 0 });

globalStyle('html', {
  backgroundColor: vars.color.background,
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
  scrollbarGutter: 'stable',
});

globalStyle('html, body, #root', { minHeight: '100%' });

globalStyle('body', {
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  backgroundColor: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  WebkitTapHighlightColor: 'transparent',
  // A long e-mail address or name breaks where it must rather than being cut off or pushing the page
  // sideways at 390 px ('anywhere' also lets flex and grid items shrink below such a word).
  overflowWrap: 'anywhere',
});

globalStyle('img, picture, svg, video, canvas', { display: 'block', maxWidth: '100%' });

globalStyle('input, button, textarea, select', { font: 'inherit', color: 'inherit' });

globalStyle('h1, h2, h3, h4, h5, h6', { lineHeight: vars.lineHeight.tight });

globalStyle('a', { color: vars.color.primaryText });

/* One focus ring for everything focused by keyboard; react-aria sets data-focus-visible on its controls. */
globalStyle(':focus-visible, [data-focus-visible]', {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});

globalStyle(':focus:not(:focus-visible)', { outline: 'none' });

globalStyle('::selection', { backgroundColor: vars.color.primarySoft, color: vars.color.text });

globalStyle('#root', { isolation: 'isolate' });

globalStyle('*', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
