import type { ChangeListener } from '../db/types';
import { type Access, type AccessQuestion, EVERYONE_SCOPE } from './access';

/**
 * The longest an answer is given again without asking the database, even when no change was heard: it
 * bounds what a listening connection that died without a word (no error, no end) could cost.
 */
export const ACCESS_CACHE_TTL_MS = 2_000;
/** Most answers kept; past it they are all dropped (an unknown group id makes an answer too). */
export const ACCESS_CACHE_ENTRIES = 20_000;
// Most ids whose changes are counted; past it every count starts again and every answer is dropped.
const MAX_COUNTED = 100_000;
const USER_PREFIX = 'user:';

/** The counts of changes heard when a question went to the database. */
interface Stamp {
  all: number;
  user: number;
  scope: number;
  anyScope: number;
  at: number;
}

/**
 * The answers of the access check (src/auth/access.ts) this process may give again without asking
 * PostgreSQL, kept only while nothing they were read from has changed.
 *
 * It counts the changes the database announces (src/db/changes.ts, migration 0008): per person (their
 * row: token_version, registered), per scope (a group's or PERSONAL's version, membership, balances), any
 * scope at all, and everything (EVERYONE's version; the listening connection lost and found again). An
 * answer is stamped with the counts read **before** its question went to the database, so a change heard
 * while the question was on its way makes the answer stale at once: it is never given again.
 *
 * An answer depends on: its person's row; for a group, that group's scope; for a balance summary, every
 * scope (membership or a balance anywhere changes the scopes it lists); and everything.
 *
 * Nothing is given again while the feed is not heard (`hearing(false)`): every question then goes to
 * the database, as without this cache.
 */
export class AccessCache implements ChangeListener {
  #live = false;
  #all = 0;
  #anyScope = 0;
  readonly #users = new Map<string, number>();
  readonly #scopes = new Map<string, number>();
  readonly #answers = new Map<string, { access: Access; stamp: Stamp }>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** The counts to stamp an answer with; null while nothing may be kept. Take it before asking. */
  stamp(question: AccessQuestion): Stamp | null {
    if (!this.#live) return null;
    return {
      all: this.#all,
      user: this.#users.get(question.userId) ?? 0,
      scope: question.groupId ? (this.#scopes.get(question.groupId) ?? 0) : 0,
      anyScope: this.#anyScope,
      at: this.now(),
    };
  }

  get(question: AccessQuestion): Access | undefined {
    if (!this.#live) return undefined;
    const key = keyOf(question);
    const kept = this.#answers.get(key);
    if (kept === undefined) return undefined;
    if (this.#current(question, kept.stamp)) return kept.access;
    this.#answers.delete(key);
    return undefined;
  }

  put(question: AccessQuestion, stamp: Stamp | null, access: Access): void {
    if (stamp === null || !this.#live || !this.#current(question, stamp)) return;
    if (this.#answers.size >= ACCESS_CACHE_ENTRIES) this.#answers.clear();
    this.#answers.set(keyOf(question), { access, stamp });
  }

  get size(): number {
    return this.#answers.size;
  }

  change(payload: string): void {
    if (payload.startsWith(USER_PREFIX)) {
      count(this.#users, payload.slice(USER_PREFIX.length)) || this.#forgetAll();
    } else if (payload === EVERYONE_SCOPE) {
      this.#forgetAll();
    } else {
      this.#anyScope++;
      count(this.#scopes, payload) || this.#forgetAll();
    }
  }

  hearing(live: boolean): void {
    // Whatever was committed while nobody listened is unknown: nothing kept before holds.
    this.#forgetAll();
    this.#live = live;
  }

  #forgetAll(): void {
    this.#all++;
    this.#answers.clear();
    this.#users.clear();
    this.#scopes.clear();
  }

  #current(question: AccessQuestion, stamp: Stamp): boolean {
    return (
      stamp.all === this.#all &&
      stamp.user === (this.#users.get(question.userId) ?? 0) &&
      (!question.groupId || stamp.scope === (this.#scopes.get(question.groupId) ?? 0)) &&
      (!question.person || stamp.anyScope === this.#anyScope) &&
      this.now() - stamp.at < ACCESS_CACHE_TTL_MS
    );
  }
}

/** Counts one more change of `id`; false when too many ids are counted (the caller starts over). */
function count(counts: Map<string, number>, id: string): boolean {
  if (!counts.has(id) && counts.size >= MAX_COUNTED) return false;
  counts.set(id, (counts.get(id) ?? 0) + 1);
  return true;
}

function keyOf(question: AccessQuestion): string {
  return `${question.userId} ${question.groupId ?? '-'} ${question.person ? 'p' : '-'}`;
}
