import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const item = style({
  selectors: {
    '& + &': { borderTop: `1px solid ${vars.color.border}` },
  },
});

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.sm}`,
  margin: `0 calc(-1 * ${vars.space.sm})`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  cursor: 'pointer',
  transitionProperty: 'background-color',
  transitionDuration: vars.duration.fast,
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
    '&[data-pressed]': { backgroundColor: vars.color.surfaceHover },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const settledAvatar = style({
  selectors: {
    // Doubled to outrank the Avatar recipe's own colours whatever the stylesheet order.
    '&&': {
      backgroundColor: vars.color.surfaceSunken,
      color: vars.color.textMuted,
      border: `1px dashed ${vars.color.borderStrong}`,
    },
  },
});

export const main = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

/** A long name wraps rather than being cut off: people must be able to read which group it is. */
export const name = style({
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const meta = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const amounts = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: vars.space.xs,
  textAlign: 'end',
});

export const amountLine = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
});

export const amount = style({ fontWeight: vars.fontWeight.semibold });

export const caption = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

/** Settled groups are dimmed with muted colours, never with opacity, so their text keeps AA contrast. */
export const dimmed = style({ color: vars.color.textMuted });
