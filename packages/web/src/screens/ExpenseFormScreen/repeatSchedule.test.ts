import { DAY_INVALID, END_BEFORE_START, OCCURRENCES_INVALID, START_DATE_OUT_OF_RANGE } from '@kitty/domain';
import { describe, expect, it } from 'vitest';
import { newRepeat, repeatErrors, repeatFromSchedule, serverFieldErrors, toSchedule } from './repeatSchedule';

const now = new Date('2026-11-26T10:00:00Z');

describe('the Repeat fields as a schedule', () => {
  it('sends the form date as the first day, the way it ends, and the time zone', () => {
    const monthly = newRepeat('monthly');
    expect(toSchedule(monthly, '2026-08-31', 'Europe/Paris')).toEqual({
      frequency: 'monthly',
      start_date: '2026-08-31',
      end_date: null,
      occurrences: null,
      time_zone: 'Europe/Paris',
    });
    expect(
      toSchedule({ ...monthly, ends: 'after', count: '6', endDate: '2027-01-01' }, '2026-08-31', 'UTC'),
    ).toMatchObject({ end_date: null, occurrences: 6 });
    expect(
      toSchedule({ ...monthly, ends: 'on_date', count: '6', endDate: '2027-01-01' }, '2026-08-31', 'UTC'),
    ).toMatchObject({ end_date: '2027-01-01', occurrences: null });
  });

  it('reads a saved schedule back into the fields', () => {
    const base = { frequency: 'weekly' as const, start_date: '2026-11-02' };
    expect(repeatFromSchedule(base)).toEqual(newRepeat('weekly'));
    expect(repeatFromSchedule({ ...base, end_date: '2027-02-01' })).toMatchObject({
      ends: 'on_date',
      endDate: '2027-02-01',
    });
    expect(repeatFromSchedule({ ...base, occurrences: 4 })).toMatchObject({ ends: 'after', count: '4' });
  });
});

describe('what is wrong with the Repeat fields', () => {
  it('says nothing of a schedule the server takes', () => {
    expect(repeatErrors(newRepeat('monthly'), '2026-08-31', 'UTC', now)).toEqual({});
  });

  it("puts the domain's messages on the date, the end date and the number of times", () => {
    expect(repeatErrors(newRepeat('monthly'), '2024-08-31', 'UTC', now)).toEqual({
      date: START_DATE_OUT_OF_RANGE,
    });
    const ending = { ...newRepeat('monthly'), ends: 'on_date' as const, endDate: '2026-08-01' };
    expect(repeatErrors(ending, '2026-08-31', 'UTC', now)).toEqual({ endDate: END_BEFORE_START });
    expect(repeatErrors({ ...ending, endDate: '' }, '2026-08-31', 'UTC', now)).toEqual({
      endDate: DAY_INVALID,
    });
    for (const count of ['', '0', '2.5', '-1', '1001', 'six']) {
      const after = { ...newRepeat('weekly'), ends: 'after' as const, count };
      expect(repeatErrors(after, '2026-11-26', 'UTC', now)).toEqual({ count: OCCURRENCES_INVALID });
    }
  });
});

describe("the server's refusals on the form's fields", () => {
  it('maps schedule.* and expense.* fields, the first message of each', () => {
    const failure = {
      status: 400,
      code: 'VALIDATION_FAILED',
      data: {
        message: 'Please check the highlighted fields.',
        errors: [
          { field: 'schedule.start_date', message: START_DATE_OUT_OF_RANGE },
          { field: 'schedule.end_date', message: END_BEFORE_START },
          { field: 'expense.amount', message: 'amount must be greater than 0' },
          { field: 'expense.amount', message: 'second' },
          { field: 'expense.payers.1.amount', message: 'Amount can have at most 2 decimal places' },
          { field: 'expense.split_with', message: 'split_with must list the participants' },
          { field: 'schedule.time_zone', message: 'Unknown time zone' },
          { field: 'elsewhere', message: 'ignored' },
        ],
      },
    };
    expect(serverFieldErrors(failure)).toEqual({
      repeat: { date: START_DATE_OUT_OF_RANGE, endDate: END_BEFORE_START },
      draft: {
        amount: 'amount must be greater than 0',
        payers: 'Amount can have at most 2 decimal places',
        participants: 'split_with must list the participants',
      },
    });
    expect(serverFieldErrors(new Error('offline'))).toEqual({ repeat: {}, draft: {} });
  });
});
