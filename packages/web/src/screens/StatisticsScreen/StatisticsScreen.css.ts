import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export { date, description, error, field, label } from '../ExpenseFormScreen/DateNotesFields.css';

export const top = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.xs });

export const header = style({ flex: 1, minWidth: 0 });

export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});

export const periodSelect = style({ minWidth: '12rem' });

export const customDates = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  alignItems: 'baseline',
  margin: `0 0 ${vars.space.lg}`,
  fontSize: vars.fontSize.lg,
});

export const summaryAmount = style({ fontWeight: vars.fontWeight.bold });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const sections = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

/** Chart beside its table on a wide screen, the table under the chart on a phone. */
export const chartAndTable = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { 'screen and (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});

export const chartBox = style({ position: 'relative', width: '100%', minWidth: 0 });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const caption = style({
  textAlign: 'left',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  paddingBottom: vars.space.xs,
});

globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  fontWeight: vars.fontWeight.regular,
});

globalStyle(`${table} thead th, ${table} tfoot th, ${table} tfoot td`, {
  fontWeight: vars.fontWeight.semibold,
});

export const number = style({
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  selectors: { [`${table} &`]: { textAlign: 'right' } },
});

export const empty = style({ textAlign: 'center', color: vars.color.textMuted });

export const stateBox = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.md,
});
