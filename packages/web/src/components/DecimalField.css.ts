import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

export const decimalField = recipe({
  base: { minWidth: 0 },
  variants: {
    layout: {
      /** Label above the input (forms). */
      stacked: { display: 'flex', flexDirection: 'column', gap: vars.space.xs },
      /** Label beside a narrow input, description and error under both (rows of the split dialog). */
      inline: {
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) minmax(96px, 140px)',
        alignItems: 'center',
        columnGap: vars.space.md,
        rowGap: vars.space.xxs,
      },
    },
  },
  defaultVariants: { layout: 'stacked' },
});

export const under = recipe({
  variants: {
    layout: {
      stacked: {},
      inline: { gridColumn: '1 / -1', textAlign: 'end' },
    },
  },
  defaultVariants: { layout: 'stacked' },
});
