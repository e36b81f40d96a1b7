import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const tooltip = style({
  zIndex: vars.zIndex.toast,
  maxWidth: '260px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.text,
  color: vars.color.surface,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.tight,
  boxShadow: vars.shadow.md,
});

export const arrow = style({
  fill: vars.color.text,
  selectors: {
    '[data-placement="bottom"] &': { transform: 'rotate(180deg)' },
    '[data-placement="start"] &': { transform: 'rotate(-90deg)' },
    '[data-placement="end"] &': { transform: 'rotate(90deg)' },
  },
});
