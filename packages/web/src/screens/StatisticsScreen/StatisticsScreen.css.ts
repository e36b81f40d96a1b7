import { globalStyle, style } from '@vanilla-extract/css';
import { inputBox } from '../../components/field.css';
import { vars } from '../../theme/theme.css';

export { error, field, label } from '../../components/field.css';

// Every style here lands in the one stylesheet every page inlines: only what the field and the default
// layout cannot give.

export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: vars.space.md });

/** The native select and date inputs: the text box of every field. */
export const input = style([
  inputBox,
  { paddingInline: vars.space.md, fontFamily: 'inherit', width: 'auto' },
]);

export const chartBox = style({ position: 'relative', minWidth: 0 });

export const table = style({ width: '100%', borderCollapse: 'collapse', textAlign: 'left' });

globalStyle(`${table} :is(th, td)`, {
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});

globalStyle(`${table} tbody th`, { fontWeight: 'inherit' });

globalStyle(`${table} :is(td, th + th)`, { textAlign: 'right', whiteSpace: 'nowrap' });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

globalStyle(`${table} caption`, { textAlign: 'left', fontWeight: vars.fontWeight.semibold });
