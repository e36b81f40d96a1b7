import { type RecurrenceSchedule, recurringStatusWords, scheduleWords } from '@kitty/domain';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/czech';
import { setActiveLanguage } from '../i18n/language';
import { recurringStatusText, scheduleText } from './recurringWords';

// A recurring expense's schedule and state read as the domain writes them in English, and naturally in Czech.

const SCHEDULES: RecurrenceSchedule[] = [
  { frequency: 'weekly', start_date: '2026-11-23' },
  { frequency: 'biweekly', start_date: '2026-11-25', occurrences: 6 },
  { frequency: 'monthly', start_date: '2026-01-31', end_date: '2027-12-31' },
  { frequency: 'monthly', start_date: '2026-01-02', occurrences: 1 },
  { frequency: 'monthly', start_date: '2026-01-03', occurrences: 2, end_date: '2026-03-03' },
  { frequency: 'monthly', start_date: '2026-01-11' },
  { frequency: 'monthly', start_date: '2026-01-21' },
  { frequency: 'yearly', start_date: '2028-02-29' },
  { frequency: 'yearly', start_date: '2026-11-26' },
];

describe('recurring words', () => {
  afterEach(() => setActiveLanguage('en'));

  it('say in English exactly what the domain says', () => {
    for (const schedule of SCHEDULES) expect(scheduleText(schedule)).toBe(scheduleWords(schedule));
    for (const status of [
      { status: 'active', next_date: '2026-12-31' },
      { status: 'active' },
      { status: 'paused', paused_reason: 'member_left' },
      { status: 'paused' },
      { status: 'stopped' },
      { status: 'finished' },
    ] as const)
      expect(recurringStatusText(status)).toBe(recurringStatusWords(status));
  });

  it('say it in Czech, with Czech dates, days and counts', () => {
    setActiveLanguage('cs');
    expect(scheduleText(SCHEDULES[0]!)).toBe('Každý týden v pondělí');
    expect(scheduleText(SCHEDULES[1]!)).toBe('Každé dva týdny ve středu, 6krát');
    expect(scheduleText(SCHEDULES[2]!)).toBe(
      'Každý měsíc 31. den (v kratších měsících poslední den), do 31. prosince 2027',
    );
    expect(scheduleText(SCHEDULES[3]!)).toBe('Každý měsíc 2. den, jednou');
    expect(scheduleText(SCHEDULES[7]!)).toBe('Každý rok 29. února (v ostatních letech 28. února)');
    expect(recurringStatusText({ status: 'active', next_date: '2026-12-31' })).toBe(
      'Příště: 31. prosince 2026',
    );
    expect(recurringStatusText({ status: 'paused' })).toBe('Pozastaveno');
  });
});
