import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const screen = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});
