import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { inputBox } from './field.css';

export { description, error, field, label } from './field.css';

export const input = style([
  inputBox,
  {
    paddingInline: vars.space.md,
    transitionProperty: 'border-color, box-shadow',
    transitionDuration: vars.duration.fast,
    selectors: {
      '&[data-hovered]': { borderColor: vars.color.text },
      '&[data-focused]': {
        borderColor: vars.color.focusRing,
        boxShadow: `0 0 0 1px ${vars.color.focusRing}`,
      },
      '&[data-invalid]': { borderColor: vars.color.errorText },
      '&[data-invalid][data-focused]': { boxShadow: `0 0 0 1px ${vars.color.errorText}` },
      '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    },
  },
]);
