import type { LiveEvent } from './sse';

/** How long a changed row stays marked (`data-live-changed`). */
export const HIGHLIGHT_MS = 4_000;

/**
 * The resource tags (flows/resource.ts) a change makes stale: the group's (its detail, balances,
 * settlements, recurring expenses), the lists that show it (groups, expenses, balances), and the expense it
 * concerns (its detail, comments, receipts). A resync makes every screen load again.
 */
export function tagsOf(event: LiveEvent): string[] {
  if (event.kind === 'resync') return ['groups', 'expenses', 'balances', 'statistics'];
  const g = event.group_id;
  const tags = [`group:${g}`, `balances:${g}`, `settlements:${g}`, `recurring:${g}`, 'groups', 'balances'];
  tags.push('expenses', 'statistics');
  if (event.entity_id) {
    const e = event.entity_id;
    tags.push(`expense:${e}`, `comments:${e}`, `receipts:${e}`);
  }
  return tags;
}

interface Mark {
  until: number;
  /** When the change was committed (a comment is matched to it by its creation time). */
  at: number;
  kind: LiveEvent['kind'];
}

/** What changed lately and until when it stays marked, keyed by expense, settlement or member id. */
export class ChangeMarks {
  private readonly marks = new Map<string, Mark>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  /** Marks what an event from someone else concerns. */
  add(event: LiveEvent, now = Date.now()): void {
    if (!event.entity_id) return;
    this.marks.set(event.entity_id, {
      until: now + HIGHLIGHT_MS,
      at: Date.parse(event.at),
      kind: event.kind,
    });
    this.changed();
    setTimeout(() => this.changed(), HIGHLIGHT_MS + 50);
  }

  /** Whether this expense (settlement, member) changed lately. */
  isMarked(id: string, now = Date.now()): boolean {
    const mark = this.marks.get(id);
    return mark !== undefined && mark.until > now && !mark.kind.startsWith('comment');
  }

  /** Whether this comment is the one a recent `comment_added` of its expense wrote (same commit time). */
  isNewComment(expenseId: string, createdAt: string, now = Date.now()): boolean {
    const mark = this.marks.get(expenseId);
    return (
      mark !== undefined &&
      mark.until > now &&
      mark.kind === 'comment_added' &&
      Math.abs(Date.parse(createdAt) - mark.at) < 2_000
    );
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): number => this.version;

  private changed(): void {
    const now = Date.now();
    for (const [id, mark] of this.marks) if (mark.until <= now) this.marks.delete(id);
    this.version++;
    for (const listener of this.listeners) listener();
  }
}
