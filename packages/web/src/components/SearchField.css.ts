import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { fieldButton, inputBox } from './field.css';

export { field, label } from './field.css';

export const box = style({ position: 'relative', display: 'flex', alignItems: 'center' });

export const icon = style({
  position: 'absolute',
  insetInlineStart: vars.space.md,
  color: vars.color.textMuted,
  pointerEvents: 'none',
});

export const input = style([
  inputBox,
  {
    paddingInline: `calc(${vars.space.md} + 26px)`,
    selectors: {
      '&::-webkit-search-cancel-button': { display: 'none' },
      '&[data-focused]': {
        borderColor: vars.color.focusRing,
        boxShadow: `0 0 0 1px ${vars.color.focusRing}`,
      },
    },
  },
]);

export const clear = style([
  fieldButton,
  {
    position: 'absolute',
    insetInlineEnd: vars.space.xs,
    width: '36px',
    height: '36px',
    selectors: { '[data-empty] &': { display: 'none' } },
  },
]);
