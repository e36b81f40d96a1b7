import type { CSSProperties } from 'react';
import { vars } from '../../theme/theme.css';

// Inline styles, not a .css.ts: the app has one stylesheet, inlined in every page's HTML and held to 7 kB
// (size-budgets.json), while these belong to the receipts' lazy chunk. What needs a selector (focus ring,
// hover) comes from the Button recipe.

export const grid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
};

export const tile: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
};

export const preview: CSSProperties = {
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 3',
  padding: 0,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
};

export const thumbnail: CSSProperties = {
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  display: 'block',
};

export const pdfBadge: CSSProperties = {
  padding: `${vars.space.xs} ${vars.space.sm}`, // i18n-ignore: CSS, not words
  borderRadius: vars.radius.sm,
  background: vars.color.errorSoft,
  color: vars.color.errorText,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.sm,
};

export const muted: CSSProperties = { fontSize: vars.fontSize.xs, color: vars.color.textMuted };

export const meta: CSSProperties = {
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  minWidth: 0,
};

export const metaText: CSSProperties = { display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 };

export const fileName: CSSProperties = {
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
};

export const actions: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
};

export const hint: CSSProperties = { fontSize: vars.fontSize.sm, color: vars.color.textMuted };

export const full: CSSProperties = {
  display: 'block',
  maxWidth: '100%',
  maxHeight: '70dvh',
  margin: '0 auto',
  objectFit: 'contain',
};
