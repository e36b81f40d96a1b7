import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { fieldButton, listBox as fieldListBox, inputBox, listPopover, option } from './field.css';

export { description, error, field, label } from './field.css';

export const box = style({ position: 'relative', display: 'flex', alignItems: 'center' });

export const input = style([
  inputBox,
  {
    paddingInline: vars.space.md,
    paddingInlineEnd: '92px',
    selectors: {
      '&[data-focused]': {
        borderColor: vars.color.focusRing,
        boxShadow: `0 0 0 1px ${vars.color.focusRing}`,
      },
      '&[data-invalid]': { borderColor: vars.color.errorText },
      '&[data-disabled]': { opacity: 0.55 },
    },
  },
]);

export const trailing = style({
  position: 'absolute',
  insetInlineEnd: vars.space.xxs,
  display: 'flex',
  alignItems: 'center',
});

export const toggle = style([fieldButton, { width: '40px', height: '40px' }]);

export const popover = style([listPopover, { width: 'var(--trigger-width)' }]);

export const listBox = style([fieldListBox, { overflowY: 'auto' }]);

export const item = style([option, { justifyContent: 'space-between', gap: vars.space.sm }]);

export const empty = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
