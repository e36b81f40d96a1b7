import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const banner = style({
  backgroundColor: vars.color.primarySoft,
  color: vars.color.text,
  borderBottom: `1px solid ${vars.color.border}`,
});

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

export const text = style({ flex: '1 1 16rem', margin: 0 });
