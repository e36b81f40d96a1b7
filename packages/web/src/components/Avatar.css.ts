import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

export const avatar = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    borderRadius: vars.radius.full,
    backgroundColor: vars.color.primarySoft,
    color: vars.color.primaryText,
    fontWeight: vars.fontWeight.bold,
  },
  variants: {
    size: {
      sm: { width: '28px', height: '28px', fontSize: vars.fontSize.sm },
      md: { width: '36px', height: '36px', fontSize: vars.fontSize.md },
      lg: { width: '48px', height: '48px', fontSize: vars.fontSize.lg },
    },
  },
  defaultVariants: { size: 'md' },
});
