import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const formHeader = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.header,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginInline: `calc(-1 * ${vars.space.lg})`,
  marginTop: `calc(-1 * ${vars.space.xl})`,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  backgroundColor: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({
  flex: 1,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
});

export const banner = style({});

export const bannerRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const fieldset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const participants = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const chips = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.touchTarget,
  paddingInlineStart: vars.space.xs,
  paddingInlineEnd: vars.space.sm,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const chipName = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

export const chipRemove = style({ minHeight: '32px', minWidth: '32px', paddingInline: 0 });

export const peopleSearch = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const groupPicker = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const moneyRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: vars.space.md,
  alignItems: 'start',
});

export const split = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const splitRow = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.sm });

export const configure = style({ flexShrink: 0 });

export const grow = style({ flex: 1 });

export const muted = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const errorText = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.errorText,
});

export const dialogForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
});

export const dialogActions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
