import { HttpError, NetworkError } from '@kitty/api';
import {
  RECURRENCE_CHANGED_WORDS,
  RECURRENCE_ENDED_WORDS,
  RECURRENCE_NOT_MEMBER_WORDS,
  type RecurrenceSchedule,
  recurringStatusWords,
  scheduleWords,
} from '@kitty/domain';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/czech';
import { setActiveLanguage } from '../i18n/language';
import { recurringFailure, recurringStatusText, scheduleText } from './recurringWords';

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

const refused = (status: number, code: string) =>
  new HttpError({ status, data: { code, message: 'server words' }, message: 'server words' });

describe('a refused change of a recurring expense', () => {
  it('says why by its code, keeping the code and status', () => {
    for (const [status, code, words] of [
      [409, 'RECURRENCE_ENDED', RECURRENCE_ENDED_WORDS],
      [409, 'VERSION_CONFLICT', RECURRENCE_CHANGED_WORDS],
      [403, 'FORBIDDEN_NOT_MEMBER', RECURRENCE_NOT_MEMBER_WORDS],
    ] as const) {
      const seen = recurringFailure(refused(status, code)) as HttpError;
      expect(seen).toMatchObject({ status, code, message: words, data: { code, message: words } });
    }
  });

  it('says it in Czech when the app speaks Czech', () => {
    setActiveLanguage('cs');
    const seen = recurringFailure(refused(409, 'RECURRENCE_ENDED')) as HttpError;
    expect(seen.message).toBe('Tento opakovaný výdaj skončil: už ho nelze změnit ani obnovit.');
    setActiveLanguage('en');
  });

  it('leaves any other failure as it is', () => {
    const other = refused(400, 'VALIDATION_FAILED');
    expect(recurringFailure(other)).toBe(other);
    const offline = new NetworkError({ message: 'Network Error' });
    expect(recurringFailure(offline)).toBe(offline);
  });
});
