import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css';

export const top = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.xs });

export const header = style({ flex: 1, minWidth: 0 });

/** The delete icon offered to someone who did not pay: looks disabled, stays focusable for its tooltip. */
export const unavailable = style({
  selectors: {
    '&[aria-disabled="true"][data-unavailable]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const banner = style({ marginBottom: vars.space.lg });

export const bannerRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const content = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const summary = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const description = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const amount = style({ fontSize: vars.fontSize.xxl, fontWeight: vars.fontWeight.bold });

export const facts = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
});

globalStyle(`${facts} > div`, { display: 'flex', justifyContent: 'space-between', gap: vars.space.md });

// A label keeps its width (a long date at 390 px broke "Date" into "Dat / e"); the value wraps instead.
globalStyle(`${facts} dt`, { color: vars.color.textMuted, flexShrink: 0 });
globalStyle(`${facts} dd`, { textAlign: 'end', minWidth: 0 });

export const payerList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  textAlign: 'end',
});

export const payerAmount = style({ fontWeight: vars.fontWeight.semibold });

export const notes = style({ whiteSpace: 'pre-wrap', textAlign: 'end', overflowWrap: 'anywhere' });

export const splits = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const splitsHeader = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});

export const cardTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const splitType = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const splitList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const splitRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const splitName = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' });

export const percentage = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const splitAmount = style({ fontWeight: vars.fontWeight.semibold });

export const total = style({
  display: 'flex',
  justifyContent: 'space-between',
  paddingTop: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  fontWeight: vars.fontWeight.bold,
});

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  textAlign: 'center',
  paddingBlock: vars.space.xxl,
});

export const stateTitle = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const stateActions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'center' });

export const doneIcon = style({ color: vars.color.positive });

export const decline = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

/** "Declined by {name}": the expense counts for nobody. */
export const declined = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
});

export const comments = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const commentsCount = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });

export const commentsEmpty = style({ color: vars.color.textMuted });

export const commentsFailure = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});

export const commentList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const comment = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const commentHeader = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  columnGap: vars.space.sm,
});

export const commentAuthor = style({ fontWeight: vars.fontWeight.semibold });

export const commentTime = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const commentDelete = style({ marginInlineStart: 'auto' });

export const commentText = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const commentForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

/** Decline and "Block {name}" side by side, wrapping on a narrow screen. */
export const declineActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
