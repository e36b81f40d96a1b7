import { styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

const base = {
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  borderLeft: '4px solid currentColor',
} as const;

export const alert = styleVariants({
  error: { ...base, backgroundColor: vars.color.errorSoft, color: vars.color.errorText },
  success: { ...base, backgroundColor: vars.color.successSoft, color: vars.color.successText },
});
