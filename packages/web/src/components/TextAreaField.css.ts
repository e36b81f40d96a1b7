import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { inputBox } from './field.css';

/**
 * TextField's input box and states, read from the native element's pseudo-classes and aria-invalid
 * (TextAreaField's control sets no react-aria data attributes), as the expense form's notes do
 * (DateNotesFields.css.ts: sharing one style between the two splits a CSS-only chunk off the build).
 */
export const textArea = style([
  inputBox,
  {
    paddingInline: vars.space.md,
    paddingBlock: vars.space.sm,
    resize: 'vertical',
    fontFamily: 'inherit',
    lineHeight: 1.5,
    transitionProperty: 'border-color, box-shadow',
    transitionDuration: vars.duration.fast,
    selectors: {
      '&:hover': { borderColor: vars.color.text },
      '&:focus': { borderColor: vars.color.focusRing, boxShadow: `0 0 0 1px ${vars.color.focusRing}` },
      '&[aria-invalid="true"]': { borderColor: vars.color.errorText },
      '&[aria-invalid="true"]:focus': { boxShadow: `0 0 0 1px ${vars.color.errorText}` },
      '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
    },
  },
]);
