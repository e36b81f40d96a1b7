import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { inputBox, listPopover } from './field.css';

export { description, error, field, label, listBox, option as item } from './field.css';

export const trigger = style([
  inputBox,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.sm,
    paddingInline: vars.space.md,
    cursor: 'pointer',
    textAlign: 'start',
    transitionProperty: 'border-color, box-shadow',
    transitionDuration: vars.duration.fast,
    selectors: {
      '&[data-hovered]': { borderColor: vars.color.text },
      '&[data-focus-visible]': {
        borderColor: vars.color.focusRing,
        boxShadow: `0 0 0 1px ${vars.color.focusRing}`,
      },
      '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
      '[data-invalid] &': { borderColor: vars.color.errorText },
    },
  },
]);

/** The chosen value wraps rather than being cut off (a long name in "Who paid?" is read in full). */
export const value = style({
  minWidth: 0,
  overflowWrap: 'anywhere',
  selectors: {
    '&[data-placeholder]': { color: vars.color.textMuted },
  },
});

export const popover = style([
  listPopover,
  { minWidth: 'var(--trigger-width)', maxHeight: '280px', overflowY: 'auto' },
]);
