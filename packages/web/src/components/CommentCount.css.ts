import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const count = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  alignSelf: 'flex-start',
});
