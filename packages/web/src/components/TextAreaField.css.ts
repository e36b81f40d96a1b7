import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { input } from './TextField.css';

export { description, error, field, label } from './field.css';

export const textArea = style([
  input,
  {
    paddingBlock: vars.space.sm,
    resize: 'vertical',
    fontFamily: 'inherit',
    lineHeight: 1.5,
  },
]);
