import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const headline = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const owed = style({ color: vars.color.positive });
export const owe = style({ color: vars.color.negative });

export const actionBar = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space.sm,
  marginBottom: vars.space.xl,
});

export const historyBar = style({
  display: 'flex',
  justifyContent: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});

export const actionButton = style({
  flexDirection: 'column',
  gap: vars.space.xxs,
  minHeight: '60px',
  paddingInline: vars.space.xs,
  fontSize: vars.fontSize.sm,
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});

export const sectionHeader = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

/**
 * "Updating activity..." floats just under the header for its 100 ms instead of taking a line: the list
 * below never moves, so a tap aimed at a row lands on that row.
 */
export const updatingNote = style({
  position: 'absolute',
  top: '100%',
  right: 0,
  zIndex: 1,
  pointerEvents: 'none',
  paddingBlock: vars.space.xxs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const sectionTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const banner = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
});

export const settledBanner = style({
  backgroundColor: vars.color.successSoft,
  color: vars.color.successText,
});

export const bannerTitle = style({ fontWeight: vars.fontWeight.bold });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const empty = style({
  color: vars.color.textMuted,
  textAlign: 'center',
  padding: `${vars.space.xl} 0`,
});

export const list = style({
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: 0,
});

export const row = style({
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none' } },
});

export const rowLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.xs}`,
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const rowStatic = style([rowLink, {}]);

export const rowMain = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  flex: 1,
  minWidth: 0,
});

/**
 * The title and its badge ("New", "Latest settlement"): a long title wraps instead of being cut off with an
 * ellipsis, and the badge never shrinks, so both are always read in full.
 */
export const rowTitle = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.sm,
  rowGap: vars.space.xxs,
  minWidth: 0,
  fontWeight: vars.fontWeight.semibold,
});

export const rowTitleText = style({ minWidth: 0, overflowWrap: 'anywhere' });

/** "3 earlier expenses still count toward balances" with its Show button, under the header. */
export const stillCounting = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  fontWeight: vars.fontWeight.medium,
});

export const rowMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const rowAmount = style({ fontWeight: vars.fontWeight.semibold, textAlign: 'end' });

export const badge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.primaryText,
  whiteSpace: 'nowrap',
  flexShrink: 0,
});

export const avatar = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.bold,
});

export const settlementAvatar = style([
  avatar,
  { backgroundColor: vars.color.successSoft, color: vars.color.successText },
]);

export const footer = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const centered = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.lg,
  padding: `${vars.space.xxl} 0`,
  textAlign: 'center',
});

export const reloadError = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
});

/** The group's description under its name (kept as written: line breaks too). */
export const groupDescription = style({
  display: 'block',
  marginBottom: vars.space.xs,
  color: vars.color.textMuted,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
