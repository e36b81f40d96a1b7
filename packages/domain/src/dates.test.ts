import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDateTime, formatShortDate } from './dates';

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
