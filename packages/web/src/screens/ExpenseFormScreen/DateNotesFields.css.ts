import { style } from '@vanilla-extract/css';
import { inputBox } from '../../components/field.css';
import { vars } from '../../theme/theme.css';

export { description, error, field, label } from '../../components/field.css';

// TextField's box and states, by the native element's own pseudo-classes (react-aria's data attributes are
// not there): the date is a native date input, the notes a text area.
const states = {
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: vars.duration.fast,
  selectors: {
    '&:hover': { borderColor: vars.color.text },
    '&:focus': { borderColor: vars.color.focusRing, boxShadow: `0 0 0 1px ${vars.color.focusRing}` },
    '&[aria-invalid="true"]': { borderColor: vars.color.errorText },
    '&[aria-invalid="true"]:focus': { boxShadow: `0 0 0 1px ${vars.color.errorText}` },
  },
} as const;

export const date = style([inputBox, states, { paddingInline: vars.space.md, fontFamily: 'inherit' }]);

export const notes = style([
  inputBox,
  states,
  {
    padding: `${vars.space.sm} ${vars.space.md}`,
    minHeight: '5.5rem',
    resize: 'vertical',
    fontFamily: 'inherit',
    lineHeight: vars.lineHeight.normal,
  },
]);

export const counter = style({ alignSelf: 'flex-end' });
