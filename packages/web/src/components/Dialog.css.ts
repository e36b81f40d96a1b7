import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({
  from: { opacity: 0, transform: 'translateY(12px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});

export const overlay = recipe({
  base: {
    position: 'fixed',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: vars.space.lg,
    backgroundColor: vars.color.overlay,
    selectors: {
      '&[data-entering]': { animation: `${fadeIn} ${vars.duration.normal} ease-out` },
      '&[data-exiting]': { animation: `${fadeIn} ${vars.duration.fast} ease-in reverse` },
    },
  },
  variants: {
    layer: {
      dialog: { zIndex: vars.zIndex.dialog },
      split: { zIndex: vars.zIndex.splitDialog },
    },
    size: {
      sm: {},
      md: {},
      lg: {},
      xl: {},
      '2xl': {},
      full: { padding: 0 },
    },
  },
  defaultVariants: { layer: 'dialog', size: 'md' },
});

export const modal = recipe({
  base: {
    width: '100%',
    maxHeight: 'calc(100dvh - 32px)',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: vars.color.surface,
    color: vars.color.text,
    borderRadius: vars.radius.xl,
    boxShadow: vars.shadow.lg,
    outline: 'none',
    overflow: 'hidden',
    selectors: {
      '&[data-entering]': { animation: `${rise} ${vars.duration.normal} ease-out` },
    },
  },
  variants: {
    size: {
      sm: { maxWidth: '400px' },
      md: { maxWidth: '480px' },
      lg: { maxWidth: '640px' },
      xl: { maxWidth: '800px' },
      '2xl': { maxWidth: '960px' },
      full: { maxWidth: 'none', height: '100dvh', maxHeight: 'none', borderRadius: 0 },
    },
  },
  defaultVariants: { size: 'md' },
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  flex: 1,
  outline: 'none',
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.md} ${vars.space.xl}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const body = style({
  padding: vars.space.xl,
  overflowY: 'auto',
  flex: 1,
});

export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.xl}`,
  borderTop: `1px solid ${vars.color.border}`,
});
