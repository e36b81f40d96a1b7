import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The bars above the screen: offline, a new version, writes the server refused. */
export const bar = style({
  backgroundColor: vars.color.primarySoft,
  color: vars.color.text,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const refusedBar = style([bar, { backgroundColor: vars.color.errorSoft }]);

export const inner = style({
  margin: '0 auto',
  maxWidth: vars.size.contentMax,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const text = style({ flex: '1 1 16rem', margin: 0, overflowWrap: 'anywhere' });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
  flex: '1 1 100%',
});

export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  border: `1px dashed ${vars.color.borderStrong}`,
  fontSize: vars.fontSize.sm,
});

export const label = style({ flex: '1 1 10rem', minWidth: 0, overflowWrap: 'anywhere' });

export const reason = style({ flex: '1 1 100%', margin: 0, color: vars.color.errorText });

export const actions = style({ display: 'flex', gap: vars.space.xs, marginInlineStart: 'auto' });
