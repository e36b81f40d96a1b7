import type { components } from '@kitty/api/schema';
import {
  byCategoryOrder,
  byCurrencyOrder,
  byGroupOrder,
  byPersonOrder,
  DEFAULT_STATISTICS_ZONE,
  fillMonths,
  type MonthAmount,
  monthInZone,
  monthStartIn,
  monthsFrom,
  periodErrors,
  periodInstants,
  type StatisticsPeriod,
} from '@kitty/domain';
import type { Db } from '../db';
import { groupOfMember } from '../financial/repo';
import { fieldErrors } from '../financial/settlements';
import { notFound } from '../http/errors';
import type { CurrentUser } from '../users/repo';
import { type FigureRow, type Range, type Scope, statisticsBounds, statisticsFigures } from './repo';

type Statistics = components['schemas']['Statistics'];
type CurrencyStatistics = components['schemas']['CurrencyStatistics'];

/**
 * GET /groups/{id}/statistics: where a group's money went in the period, per currency. Members only:
 * anyone else, a former member too, gets the 404 of an unknown group.
 */
export async function groupStatistics(
  db: Db,
  caller: CurrentUser,
  groupId: string,
  period: StatisticsPeriod,
): Promise<Statistics> {
  const zone = checkedZone(period);
  if (!(await groupOfMember(db, groupId, caller.id))) throw notFound();
  return statistics(db, { kind: 'group', groupId }, period, zone);
}

/** GET /statistics: the caller's share of every expense they are in, per currency. */
export async function myStatistics(
  db: Db,
  caller: CurrentUser,
  period: StatisticsPeriod,
): Promise<Statistics> {
  const zone = checkedZone(period);
  const stats = await statistics(db, { kind: 'person', userId: caller.id }, period, zone);
  for (const c of stats.currencies) {
    const paid = c.by_group.reduce((sum, g) => sum + g.paid_minor, 0);
    const share = c.by_group.reduce((sum, g) => sum + g.share_minor, 0);
    c.by_person = [
      { user: { id: caller.id, display_name: caller.display_name }, paid_minor: paid, share_minor: share },
    ];
  }
  return stats;
}

/** The period's zone, once the period is known valid (400 by field otherwise). */
function checkedZone(period: StatisticsPeriod): string {
  const errors = periodErrors(period);
  const refused = Object.entries(errors).map(([field, message]) => ({ field, message: message as string }));
  if (refused.length > 0) throw fieldErrors(refused);
  return period.time_zone ?? DEFAULT_STATISTICS_ZONE;
}

async function statistics(db: Db, scope: Scope, period: StatisticsPeriod, zone: string): Promise<Statistics> {
  const instants = periodInstants(period, zone);
  const range: Range = {
    start: instants.start?.toISOString() ?? '-infinity',
    end: instants.end?.toISOString() ?? 'infinity',
  };
  const answer: Statistics = {
    scope: scope.kind,
    from: period.from ?? null,
    to: period.to ?? null,
    time_zone: zone,
    currencies: [],
  };
  const bounds = await statisticsBounds(db, scope, range);
  if (!bounds) return answer;
  const months = monthsFrom(monthInZone(bounds.first, zone), monthInZone(bounds.last, zone));
  // Only what the bounds saw: an expense recorded in between, outside them, would have no month.
  const seen: Range = {
    start: bounds.first.toISOString(),
    end: new Date(bounds.last.getTime() + 1).toISOString(),
  };
  const rows = await statisticsFigures(
    db,
    scope,
    seen,
    months.map((m) => monthStartIn(m, zone)),
  );
  answer.currencies = perCurrency(rows, months).sort(byCurrencyOrder);
  return answer;
}

function perCurrency(rows: readonly FigureRow[], months: readonly string[]): CurrencyStatistics[] {
  const byCurrency = new Map<string, { stats: CurrencyStatistics; months: MonthAmount[] }>();
  const of = (currency: string) => {
    let entry = byCurrency.get(currency);
    if (!entry) {
      entry = {
        stats: {
          currency,
          expense_count: 0,
          total_minor: 0,
          by_category: [],
          by_month: [],
          by_person: [],
          by_group: [],
        },
        months: [],
      };
      byCurrency.set(currency, entry);
    }
    return entry;
  };
  for (const row of rows) {
    const entry = of(row.currency);
    const s = entry.stats;
    switch (row.kind) {
      case 'category':
        s.expense_count += row.expense_count;
        s.total_minor += row.amount_minor;
        s.by_category.push({
          category: row.key ?? '',
          amount_minor: row.amount_minor,
          expense_count: row.expense_count,
        });
        break;
      case 'month': {
        const month = months[Number(row.key) - 1];
        if (month !== undefined) entry.months.push({ month, amount_minor: row.amount_minor });
        break;
      }
      case 'person':
        s.by_person.push({
          user: { id: row.key ?? '', display_name: row.name ?? '' },
          paid_minor: row.paid_minor,
          share_minor: row.share_minor,
        });
        break;
      case 'group':
        s.by_group.push({
          group_id: row.key,
          name: row.key === null ? null : row.name,
          paid_minor: row.paid_minor,
          share_minor: row.share_minor,
        });
        break;
    }
  }
  return [...byCurrency.values()].map(({ stats, months: amounts }) => {
    stats.by_category.sort(byCategoryOrder);
    stats.by_person.sort(byPersonOrder);
    stats.by_group.sort(byGroupOrder);
    stats.by_month = fillMonths(amounts);
    return stats;
  });
}
