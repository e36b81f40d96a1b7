import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DATE_INVALID,
  DATE_TOO_EARLY,
  DATE_TOO_LATE,
  dayToDate,
  expenseDateError,
  formatDateTime,
  formatShortDate,
  localDay,
} from './dates';

const originalZone = process.env.TZ;
afterAll(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

// Zones with negative, half-hour and 45-minute offsets and daylight saving on either hemisphere.
const ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham', 'Australia/Lord_Howe'];
const instants = fc.date({
  min: new Date('1000-01-01T00:00:00Z'),
  max: new Date('9999-12-30T00:00:00Z'),
  noInvalidDate: true,
});

describe('dates read the same as Intl en-US', () => {
  for (const zone of ZONES) {
    it(`in ${zone}`, () => {
      process.env.TZ = zone;
      const medium = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
      const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });
      fc.assert(
        fc.property(instants, (date) => {
          expect(formatShortDate(date)).toBe(medium.format(date));
          expect(formatDateTime(date.toISOString())).toBe(full.format(date));
        }),
        { numRuns: 300 },
      );
    });
  }
});

describe('examples', () => {
  it('midnight and noon are 12 AM and 12 PM', () => {
    process.env.TZ = 'UTC';
    expect(formatDateTime('2026-11-24T00:05:00Z')).toBe('Tuesday, November 24, 2026 at 12:05 AM');
    expect(formatDateTime('2026-11-24T12:00:00Z')).toBe('Tuesday, November 24, 2026 at 12:00 PM');
    expect(formatShortDate('2026-09-03T23:59:00Z')).toBe('Sep 3, 2026');
  });

  it('the calendar day is the one in the device time zone', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatShortDate('2026-11-24T05:00:00Z')).toBe('Nov 23, 2026');
    process.env.TZ = 'Asia/Kolkata';
    expect(formatShortDate('2026-11-23T20:00:00Z')).toBe('Nov 24, 2026');
  });

  it('anything that is not a date shows as nothing', () => {
    expect(formatShortDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatShortDate(new Date(Number.NaN))).toBe('');
  });
});

describe('expenseDateError: from 1900 to one year after now', () => {
  const now = new Date('2026-11-26T13:15:00Z');
  it('allows now, today, a year ahead exactly and any past day from 1900', () => {
    expect(expenseDateError(now, now)).toBeNull();
    expect(expenseDateError(new Date('2026-11-26T00:00:00Z'), now)).toBeNull();
    expect(expenseDateError(new Date('2027-11-26T13:15:00Z'), now)).toBeNull();
    expect(expenseDateError(new Date('1999-02-03T10:00:00Z'), now)).toBeNull();
    expect(expenseDateError(new Date('1900-01-01T00:00:00Z'), now)).toBeNull();
  });
  it('refuses a moment past a year ahead, a year and a day, before 1900 and no date', () => {
    expect(expenseDateError(new Date('2027-11-26T13:15:00.001Z'), now)).toBe(DATE_TOO_LATE);
    expect(expenseDateError(new Date('2027-11-27T13:15:00Z'), now)).toBe(DATE_TOO_LATE);
    expect(expenseDateError(new Date('1899-12-31T23:59:59Z'), now)).toBe(DATE_TOO_EARLY);
    expect(expenseDateError(new Date('0001-01-01T00:00:00Z'), now)).toBe(DATE_TOO_EARLY);
    expect(expenseDateError(new Date('not a date'), now)).toBe(DATE_INVALID);
  });
  it('a year after 29 February is 1 March', () => {
    const leap = new Date('2028-02-29T10:00:00Z');
    expect(expenseDateError(new Date('2029-03-01T10:00:00Z'), leap)).toBeNull();
    expect(expenseDateError(new Date('2029-03-01T10:00:01Z'), leap)).toBe(DATE_TOO_LATE);
  });
});

describe('dayToDate: a picked day shows as that day to whoever picked it', () => {
  for (const zone of ZONES) {
    it(`in ${zone}`, () => {
      process.env.TZ = zone;
      const now = new Date('2026-11-26T13:15:00Z');
      const today = localDay(now);
      expect(dayToDate(today, now)).toEqual(now);
      const past = dayToDate('2026-11-20', now);
      expect(localDay(past)).toBe('2026-11-20');
      expect(formatShortDate(past)).toBe('Nov 20, 2026');
      expect(past.getHours()).toBe(12);
      expect(localDay(dayToDate('1900-01-01', now))).toBe('1900-01-01');
      // An edit on the saved day keeps the saved moment, time of day and all.
      const saved = new Date('2025-03-09T06:41:00Z');
      expect(dayToDate(localDay(saved), now, saved)).toEqual(saved);
      expect(localDay(dayToDate('2025-03-10', now, saved))).toBe('2025-03-10');
      // The day exactly a year ahead is allowed, the day after it is not.
      const yearAhead = localDay(new Date('2027-11-26T13:15:00Z'));
      expect(localDay(dayToDate(yearAhead, now))).toBe(yearAhead);
      expect(expenseDateError(dayToDate(yearAhead, now), now)).toBeNull();
      const dayAfter = dayToDate(localDay(new Date('2027-11-27T13:15:00Z')), now);
      expect(expenseDateError(dayAfter, now)).toBe(DATE_TOO_LATE);
    });
  }
  it('is an invalid date for text that is no day', () => {
    for (const day of ['', '2026-02-30', '26-11-20', 'tomorrow'])
      expect(Number.isNaN(dayToDate(day, new Date()).getTime())).toBe(true);
  });
});
