import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayInZone,
  dueOccurrences,
  END_BEFORE_START,
  firstIndexOnOrAfter,
  isDay,
  nextOccurrenceDay,
  noonIn,
  OCCURRENCES_INVALID,
  occurrenceDay,
  RECURRENCE_FREQUENCIES,
  recurringStatusWords,
  resumeIndex,
  START_DATE_OUT_OF_RANGE,
  scheduleErrors,
  scheduleParts,
  scheduleWords,
  startOfDayIn,
  TIME_ZONE_UNKNOWN,
} from './recurrence';

const days = (frequency: 'weekly' | 'biweekly' | 'monthly' | 'yearly', start: string, n: number) =>
  Array.from({ length: n }, (_, i) => occurrenceDay({ frequency, start_date: start }, i));

const dayArb = fc
  .date({ min: new Date(Date.UTC(1990, 0, 1)), max: new Date(Date.UTC(2090, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('occurrence days', () => {
  it('a monthly schedule on the 31st falls on each month’s last day and comes back to the 31st', () => {
    expect(days('monthly', '2027-01-31', 5)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    expect(occurrenceDay({ frequency: 'monthly', start_date: '2027-01-31' }, 13)).toBe('2028-02-29');
  });

  it('a monthly schedule on the 29th or 30th does not drift after February', () => {
    expect(days('monthly', '2026-12-30', 4)).toEqual([
      '2026-12-30',
      '2027-01-30',
      '2027-02-28',
      '2027-03-30',
    ]);
    expect(days('monthly', '2027-01-29', 3)).toEqual(['2027-01-29', '2027-02-28', '2027-03-29']);
  });

  it('a yearly schedule on 29 February falls on 28 February in other years', () => {
    expect(days('yearly', '2028-02-29', 5)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });

  it('weekly and two-weekly schedules step 7 and 14 days, across months and years', () => {
    expect(days('weekly', '2026-12-24', 3)).toEqual(['2026-12-24', '2026-12-31', '2027-01-07']);
    expect(days('biweekly', '2026-12-24', 3)).toEqual(['2026-12-24', '2027-01-07', '2027-01-21']);
  });

  it('every occurrence is a real day, later than the one before, on the start’s day when the month has it', () => {
    fc.assert(
      fc.property(dayArb, fc.constantFrom(...RECURRENCE_FREQUENCIES), fc.nat(60), (start, frequency, i) => {
        const a = occurrenceDay({ frequency, start_date: start }, i);
        const b = occurrenceDay({ frequency, start_date: start }, i + 1);
        expect(isDay(a) && isDay(b)).toBe(true);
        expect(a < b).toBe(true);
        if (frequency === 'monthly' || frequency === 'yearly') {
          const want = Number(start.slice(8));
          const got = Number(b.slice(8));
          const last = new Date(Date.UTC(Number(b.slice(0, 4)), Number(b.slice(5, 7)), 0)).getUTCDate();
          expect(got).toBe(Math.min(want, last));
        }
      }),
    );
  });

  it('firstIndexOnOrAfter finds the first occurrence on or after a day', () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.constantFrom(...RECURRENCE_FREQUENCIES),
        fc.nat(2000),
        (start, frequency, offset) => {
          const schedule = { frequency, start_date: start };
          const day = addDays(start, offset);
          const i = firstIndexOnOrAfter(schedule, day);
          expect(occurrenceDay(schedule, i) >= day).toBe(true);
          if (i > 0) expect(occurrenceDay(schedule, i - 1) < day).toBe(true);
        },
      ),
    );
  });
});

describe('due occurrences', () => {
  const rent = { frequency: 'monthly' as const, start_date: '2026-08-31' };

  it('missed days are all due, each with its own date, oldest first', () => {
    expect(dueOccurrences(rent, { next_index: 0, occurrences_created: 0 }, '2026-11-30')).toEqual([
      { index: 0, day: '2026-08-31' },
      { index: 1, day: '2026-09-30' },
      { index: 2, day: '2026-10-31' },
      { index: 3, day: '2026-11-30' },
    ]);
  });

  it('nothing is due before its day, and the next day is told', () => {
    const progress = { next_index: 3, occurrences_created: 3 };
    expect(dueOccurrences(rent, progress, '2026-11-29')).toEqual([]);
    expect(nextOccurrenceDay(rent, progress)).toBe('2026-11-30');
  });

  it('a number of times ends it, counting the occurrences made', () => {
    const schedule = { ...rent, occurrences: 2 };
    expect(dueOccurrences(schedule, { next_index: 0, occurrences_created: 0 }, '2027-12-31')).toHaveLength(2);
    expect(nextOccurrenceDay(schedule, { next_index: 2, occurrences_created: 2 })).toBeNull();
  });

  it('an end date ends it on its day, that day included', () => {
    const schedule = { ...rent, end_date: '2026-10-31' };
    expect(
      dueOccurrences(schedule, { next_index: 0, occurrences_created: 0 }, '2027-12-31').map((o) => o.day),
    ).toEqual(['2026-08-31', '2026-09-30', '2026-10-31']);
  });
});

describe('time zones', () => {
  it('a day begins at its midnight in the zone', () => {
    expect(startOfDayIn('2026-11-26', 'Europe/Prague').toISOString()).toBe('2026-11-25T23:00:00.000Z');
    expect(startOfDayIn('2026-07-01', 'America/Los_Angeles').toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(startOfDayIn('2026-11-26', 'UTC').toISOString()).toBe('2026-11-26T00:00:00.000Z');
  });

  it('an occurrence is dated noon of its day, which is that day in its zone', () => {
    expect(noonIn('2026-03-29', 'Europe/Prague').toISOString()).toBe('2026-03-29T10:00:00.000Z');
    fc.assert(
      fc.property(
        dayArb,
        fc.constantFrom('UTC', 'Europe/Prague', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kolkata'),
        (day, zone) => {
          expect(dayInZone(noonIn(day, zone), zone)).toBe(day);
          expect(dayInZone(startOfDayIn(day, zone), zone)).toBe(day);
          expect(dayInZone(new Date(startOfDayIn(day, zone).getTime() - 60_000), zone)).toBe(
            addDays(day, -1),
          );
        },
      ),
    );
  });
});

describe('schedule rules', () => {
  it('refuses a start more than a year away, an end before the start, a bad count and an unknown zone', () => {
    const today = '2026-11-26';
    expect(scheduleErrors({ frequency: 'monthly', start_date: '2027-11-26' }, today)).toEqual({});
    expect(scheduleErrors({ frequency: 'monthly', start_date: '2025-11-26' }, today)).toEqual({});
    expect(scheduleErrors({ frequency: 'monthly', start_date: '2027-11-27' }, today).start_date).toBe(
      START_DATE_OUT_OF_RANGE,
    );
    expect(scheduleErrors({ frequency: 'monthly', start_date: '2025-11-25' }, today).start_date).toBe(
      START_DATE_OUT_OF_RANGE,
    );
    expect(
      scheduleErrors({ frequency: 'weekly', start_date: today, end_date: '2026-11-25' }, today).end_date,
    ).toBe(END_BEFORE_START);
    expect(
      scheduleErrors({ frequency: 'weekly', start_date: today, occurrences: 0 }, today).occurrences,
    ).toBe(OCCURRENCES_INVALID);
    expect(
      scheduleErrors({ frequency: 'weekly', start_date: today, occurrences: 1.5 }, today).occurrences,
    ).toBe(OCCURRENCES_INVALID);
    expect(
      scheduleErrors({ frequency: 'weekly', start_date: today, time_zone: 'Mars/Olympus' }, today).time_zone,
    ).toBe(TIME_ZONE_UNKNOWN);
    expect(scheduleErrors({ frequency: 'weekly', start_date: '2026-02-30' }, today).start_date).toBe(
      'Please enter a valid date',
    );
  });

  it('tells a schedule in words', () => {
    expect(scheduleWords({ frequency: 'monthly', start_date: '2026-01-31', end_date: '2027-12-31' })).toBe(
      'Every month on the 31st (the last day in shorter months), until 31 December 2027',
    );
    expect(scheduleWords({ frequency: 'biweekly', start_date: '2026-11-23', occurrences: 6 })).toBe(
      'Every two weeks on Monday, 6 times',
    );
    expect(scheduleWords({ frequency: 'yearly', start_date: '2028-02-29' })).toBe(
      'Every year on 29 February (28 February in other years)',
    );
    expect(scheduleWords({ frequency: 'monthly', start_date: '2026-01-02' })).toBe('Every month on the 2nd');
  });

  it('resumeIndex goes on from today, skipping the paused days, never back', () => {
    const weekly = { frequency: 'weekly' as const, start_date: '2032-01-05' };
    // Paused after the 5th; resumed on Tuesday 27th: the 12th, 19th and 26th are skipped.
    expect(occurrenceDay(weekly, resumeIndex(weekly, 1, '2032-01-27'))).toBe('2032-02-02');
    // Resumed on the day of an occurrence: that one is next.
    expect(occurrenceDay(weekly, resumeIndex(weekly, 1, '2032-02-02'))).toBe('2032-02-02');
    // Resumed before the next one was due: it stays next.
    expect(resumeIndex(weekly, 3, '2032-01-06')).toBe(3);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 400 }), (next, offset) => {
        const today = addDays(weekly.start_date, offset);
        const i = resumeIndex(weekly, next, today);
        expect(i).toBeGreaterThanOrEqual(next);
        expect(occurrenceDay(weekly, i) >= today || i === next).toBe(true);
      }),
    );
  });
});

describe('recurring status words', () => {
  it('says the next day of an active one, and why a paused one is paused', () => {
    expect(recurringStatusWords({ status: 'active', next_date: '2026-12-31' })).toBe(
      'Next: 31 December 2026',
    );
    expect(recurringStatusWords({ status: 'paused', paused_reason: null, next_date: '2026-12-31' })).toBe(
      'Paused',
    );
    expect(recurringStatusWords({ status: 'paused', paused_reason: 'member_left' })).toBe(
      'Paused: someone in it is no longer a member of the group',
    );
    expect(recurringStatusWords({ status: 'stopped', next_date: null })).toBe('Stopped');
    expect(recurringStatusWords({ status: 'finished', next_date: null })).toBe('Finished');
  });
});

describe('scheduleParts', () => {
  it('gives what scheduleWords says, for another language to write', () => {
    expect(scheduleParts({ frequency: 'monthly', start_date: '2026-01-31', end_date: '2027-12-31' })).toEqual(
      {
        frequency: 'monthly',
        year: 2026,
        month: 1,
        day: 31,
        weekday: 6,
        lastDayInShorterMonths: true,
        leapDay: false,
        occurrences: null,
        endDate: '2027-12-31',
      },
    );
    const leap = scheduleParts({ frequency: 'yearly', start_date: '2028-02-29', occurrences: 3 });
    expect([leap.leapDay, leap.lastDayInShorterMonths, leap.occurrences]).toEqual([true, false, 3]);
    expect(scheduleParts({ frequency: 'weekly', start_date: '2026-11-23' }).weekday).toBe(1);
  });
});
