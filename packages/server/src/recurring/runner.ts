import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db';
import type { Permits } from '../db/permits';
import { createDueOccurrences } from './occurrences';
import { claimDueRule } from './repo';

/** Rules one run handles at most (the rest wait for the next run), and occurrences per rule's transaction. */
export const RULES_PER_RUN = 200;
export const OCCURRENCES_PER_RULE = 100;

/**
 * One pass over the due recurring expenses: claims one due rule at a time (FOR UPDATE SKIP LOCKED, so
 * processes running side by side take different rules), creates its due occurrences and moves it on, in
 * one transaction per rule. A rule that fails is logged and left for the next run. Answers how many rules
 * were handled. Exactly-once does not rest on this: each occurrence's (rule, day) key is unique.
 */
export async function runDueRecurring(
  db: Db,
  now: Date,
  log?: Pick<FastifyBaseLogger, 'error' | 'info'>,
  limit = RULES_PER_RUN,
  bulk?: Permits,
): Promise<number> {
  const failed: string[] = [];
  let handled = 0;
  const inTurn = <T>(work: () => Promise<T>) => (bulk ? bulk.run(work) : work());
  while (handled < limit) {
    let claimed: string | null = null;
    try {
      // Each rule's transaction is bulk work: it waits its turn among DATABASE_BULK_CONNECTIONS.
      const made = await inTurn(() =>
        db.transaction(async (tx) => {
          const rule = await claimDueRule(tx, now, failed);
          if (!rule) return null;
          claimed = rule.id;
          return createDueOccurrences(tx, rule, now, OCCURRENCES_PER_RULE);
        }),
      );
      if (made === null) break;
      if (made.length > 0)
        log?.info(
          { recurringExpense: claimed, created: made.length },
          'recurring expense: occurrences created',
        );
    } catch (error) {
      if (claimed === null) throw error;
      failed.push(claimed);
      log?.error({ err: error, recurringExpense: claimed }, 'recurring expense: occurrences not created');
    }
    handled += 1;
  }
  return handled;
}

export interface RecurringRunner {
  /** Runs a pass now (after the one in progress, if any); resolves when it is done. */
  runNow(): Promise<void>;
  /** Resolves once no pass is in progress. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    recurring: RecurringRunner;
  }
}

/**
 * Runs the recurring expenses of this process: once the app is ready, then every `intervalMs` (null:
 * never by itself). Closing the app stops the timer and waits for the pass in progress before the
 * database is closed.
 */
export function registerRecurringRunner(app: FastifyInstance, intervalMs: number | null): void {
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const pass = async () => {
    if (stopped) return;
    try {
      await runDueRecurring(app.ctx.db, app.ctx.now(), app.log, RULES_PER_RUN, app.ctx.bulk);
    } catch (error) {
      app.log.error({ err: error }, 'recurring expenses: the run failed');
    }
  };
  const runNow = () => {
    current = current.then(pass);
    return current;
  };
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    runNow().finally(() => {
      busy = false;
    });
  };
  app.decorate('recurring', { runNow, idle: () => current } satisfies RecurringRunner);
  if (intervalMs === null) return;
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  });
}
