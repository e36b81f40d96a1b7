import { style } from '@vanilla-extract/css';
import { label } from '../../components/field.css';
import { vars } from '../../theme/theme.css';

// The amount rows are Configure Split's (the group dialog loads that stylesheet already).
export { rows } from '../../components/split/ConfigureSplitDialog.css';

export const payers = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const whoPaid = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});

/** The field label's look on a legend (which has its own padding). */
export const whoPaidLegend = style([label, { padding: 0 }]);

export const amounts = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});

export const legend = style({
  padding: `0 ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const remaining = style({ fontWeight: vars.fontWeight.semibold });

export const error = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.errorText,
});
