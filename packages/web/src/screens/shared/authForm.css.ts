import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const nameRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
  gap: vars.space.lg,
});

export const submit = style({ marginTop: vars.space.sm });

export const alert = style({ marginBottom: vars.space.lg });

export const forgot = style({ margin: 0, textAlign: 'end', fontSize: vars.fontSize.sm });
