import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

// Shared by Button and LinkButton (a link that looks like a button gets the same classes), composed by
// buttonClass.ts. Plain style variants rather than a recipe: the button is on the sign-in page, and the recipe
// runtime would come with it (0.6 kB the /login budget has no room for); the other recipes load with their screens.
export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  minWidth: vars.size.touchTarget,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  userSelect: 'none',
  touchAction: 'manipulation',
  transitionProperty: 'background-color, border-color, color, box-shadow, transform',
  transitionDuration: vars.duration.fast,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
    '&[data-pressed]': { transform: 'scale(0.98)' },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55, transform: 'none' },
    '&[aria-disabled="true"]': { cursor: 'progress' },
  },
});

export const variant = styleVariants({
  primary: {
    backgroundColor: vars.color.primary,
    color: vars.color.onPrimary,
    boxShadow: vars.shadow.sm,
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.primaryHover },
      '&[data-pressed]': { backgroundColor: vars.color.primaryPressed },
      '&[data-disabled]': { backgroundColor: vars.color.primary },
    },
  },
  secondary: {
    backgroundColor: vars.color.primarySoft,
    color: vars.color.primaryText,
    selectors: {
      '&[data-hovered]': { borderColor: vars.color.primary },
      '&[data-pressed]': { borderColor: vars.color.primaryPressed },
    },
  },
  danger: {
    backgroundColor: vars.color.danger,
    color: vars.color.onDanger,
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.dangerHover },
      '&[data-pressed]': { backgroundColor: vars.color.dangerHover },
    },
  },
  ghost: {
    backgroundColor: 'transparent',
    color: vars.color.text,
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
      '&[data-pressed]': { backgroundColor: vars.color.surfaceHover },
    },
  },
});

export const size = styleVariants({
  sm: { paddingInline: vars.space.md, fontSize: vars.fontSize.sm },
  md: { paddingInline: vars.space.lg, fontSize: vars.fontSize.md },
  lg: { minHeight: '52px', paddingInline: vars.space.xl, fontSize: vars.fontSize.lg },
});

export const fullWidth = style({ width: '100%' });
