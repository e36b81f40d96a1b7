/** "1 comment", "3 comments" (the accessible label of an expense row's comment count, issue 23). */
export function commentCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'comment' : 'comments'}`;
}
