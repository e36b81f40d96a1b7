import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const money = style({
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

export const tone = styleVariants({
  positive: { color: vars.color.positive },
  negative: { color: vars.color.negative },
  neutral: {},
});
