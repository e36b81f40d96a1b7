import { style } from '@vanilla-extract/css';
import { label } from '../../components/field.css';
import { vars } from '../../theme/theme.css';
import { fieldset } from './ExpenseFormScreen.css';

// The amount rows are Configure Split's (the group dialog loads that stylesheet already).
export { rows } from '../../components/split/ConfigureSplitDialog.css';

export const payers = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

/** The form's bare fieldset, its ticks as close as a checkbox group's. */
export const whoPaid = style([fieldset, { gap: vars.space.xs }]);

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
