import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

// The bars reuse the address banner's look (components/VerifyEmailBanner.css): only what differs is here.
// Every rule lands in the one stylesheet of index.html (/login's 7 kB CSS budget): kept few.

export const refused = style({ backgroundColor: vars.color.errorSoft });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });

export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.borderStrong}`,
});

export const label = style({ flex: '1 1 10rem', overflowWrap: 'anywhere' });
