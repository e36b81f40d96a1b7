import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    paddingInline: vars.space.sm,
    paddingBlock: vars.space.xxs,
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: vars.lineHeight.tight,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      neutral: { backgroundColor: vars.color.surfaceHover, color: vars.color.text },
      positive: { backgroundColor: vars.color.successSoft, color: vars.color.successText },
      warning: { backgroundColor: vars.color.errorSoft, color: vars.color.errorText },
      accent: { backgroundColor: vars.color.primarySoft, color: vars.color.primaryText },
    },
  },
  defaultVariants: { tone: 'neutral' },
});
