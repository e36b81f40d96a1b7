import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

/** Shared by Button and LinkButton: a link that looks like a button gets the same recipe. */
export const button = recipe({
  base: {
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
  },
  variants: {
    variant: {
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
    },
    size: {
      sm: { paddingInline: vars.space.md, fontSize: vars.fontSize.sm },
      md: { paddingInline: vars.space.lg, fontSize: vars.fontSize.md },
      lg: { minHeight: '52px', paddingInline: vars.space.xl, fontSize: vars.fontSize.lg },
    },
    fullWidth: {
      true: { width: '100%' },
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;
