import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const tabs = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  minWidth: 0,
});

export const tabList = style({
  display: 'flex',
  gap: vars.space.xs,
  padding: vars.space.xs,
  backgroundColor: vars.color.surfaceSunken,
  borderRadius: vars.radius.md,
});

/**
 * The tabs share the row and a long label wraps onto a second line: at 390 px "Suggestions", "Custom
 * Settlement" and "History" all fit, none scrolled out of sight.
 */
export const tab = style({
  flex: '1 1 auto',
  minWidth: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '40px',
  paddingInline: vars.space.sm,
  overflowWrap: 'anywhere',
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  textAlign: 'center',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-selected]': {
      backgroundColor: vars.color.surface,
      color: vars.color.primaryText,
      boxShadow: vars.shadow.sm,
    },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const panel = style({
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
