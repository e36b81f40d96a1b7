import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const shell = style({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
});

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.header,
  backgroundColor: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const headerInner = style({
  margin: '0 auto',
  maxWidth: vars.size.contentMax,
  height: vars.size.header,
  paddingInline: vars.space.lg,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.lg}`,
});

export const withBottomNav = style({
  paddingBottom: `calc(${vars.size.bottomNav} + ${vars.space.xl} + env(safe-area-inset-bottom))`,
});
