import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const card = style({
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  padding: vars.space.xl,
  '@media': {
    'screen and (max-width: 359px)': { padding: vars.space.lg },
  },
});
