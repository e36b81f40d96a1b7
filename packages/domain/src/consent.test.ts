import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declinedLabel } from './activity';
import {
  DECLINE_GROUP_EXPENSE,
  DECLINE_GROUP_SETTLEMENT,
  DECLINE_NOT_NAMED_EXPENSE,
  DECLINE_NOT_NAMED_SETTLEMENT,
  expenseDeclineRefusal,
  mayDeclineExpense,
  mayBlockRecorder,
  mayDeclineSettlement,
  peopleWhoMustNotBlock,
  settlementDeclineRefusal,
} from './consent';

const personal = { group_id: null, created_by: 'ana', paid_by: 'ana', participants: ['ana', 'ben', 'cyd'] };

describe('expenseDeclineRefusal', () => {
  it('lets a participant named by someone else decline a personal expense', () => {
    expect(expenseDeclineRefusal(personal, 'ben')).toBeNull();
    expect(mayDeclineExpense(personal, 'cyd')).toBe(true);
  });

  it('refuses the person who recorded it, the payer and anyone not in the split', () => {
    expect(expenseDeclineRefusal(personal, 'ana')).toBe(DECLINE_NOT_NAMED_EXPENSE);
    const paidByBen = { ...personal, paid_by: 'ben' };
    expect(expenseDeclineRefusal(paidByBen, 'ben')).toBe(DECLINE_NOT_NAMED_EXPENSE);
    expect(expenseDeclineRefusal(paidByBen, 'ana')).toBe(DECLINE_NOT_NAMED_EXPENSE);
    expect(expenseDeclineRefusal(personal, 'dan')).toBe(DECLINE_NOT_NAMED_EXPENSE);
  });

  it('never lets anyone decline a group expense: membership is the consent', () => {
    fc.assert(
      fc.property(fc.constantFrom('ana', 'ben', 'cyd', 'dan'), (who) => {
        expect(expenseDeclineRefusal({ ...personal, group_id: 'g1' }, who)).toBe(DECLINE_GROUP_EXPENSE);
      }),
    );
  });

  it('never lets the creator decline what they recorded, whoever else is in it', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1 }),
        fc.constantFrom('a', 'b', 'c', 'd'),
        fc.constantFrom('a', 'b', 'c', 'd'),
        (participants, creator, payer) => {
          const expense = { group_id: null, created_by: creator, paid_by: payer, participants };
          expect(mayDeclineExpense(expense, creator)).toBe(false);
          expect(mayDeclineExpense(expense, payer)).toBe(false);
        },
      ),
    );
  });
});

describe('settlementDeclineRefusal', () => {
  const payment = { group_id: null, created_by: 'ana', from_user_id: 'ana', to_user_id: 'ben' };

  it('lets the other side of a personal payment decline it, never the person who recorded it', () => {
    expect(settlementDeclineRefusal(payment, 'ben')).toBeNull();
    expect(settlementDeclineRefusal(payment, 'ana')).toBe(DECLINE_NOT_NAMED_SETTLEMENT);
    expect(settlementDeclineRefusal(payment, 'cyd')).toBe(DECLINE_NOT_NAMED_SETTLEMENT);
  });

  it('lets both sides decline a payment a third person recorded (settling an expense for someone)', () => {
    const byCyd = { ...payment, created_by: 'cyd' };
    expect(mayDeclineSettlement(byCyd, 'ana')).toBe(true);
    expect(mayDeclineSettlement(byCyd, 'ben')).toBe(true);
    expect(mayDeclineSettlement(byCyd, 'cyd')).toBe(false);
  });

  it('refuses group payments', () => {
    expect(settlementDeclineRefusal({ ...payment, group_id: 'g1' }, 'ben')).toBe(DECLINE_GROUP_SETTLEMENT);
  });
});

describe('declinedLabel', () => {
  it('names who declined, and nothing for an item nobody declined', () => {
    expect(declinedLabel({ by: { display_name: 'Ben Brown' } })).toBe('Declined by Ben Brown');
    expect(declinedLabel({ by: { display_name: '  ' } })).toBe('Declined by someone');
    expect(declinedLabel(null)).toBeNull();
    expect(declinedLabel(undefined)).toBeNull();
  });
});

describe('peopleWhoMustNotBlock', () => {
  it('outside groups asks everyone named but the caller, each once', () => {
    expect(peopleWhoMustNotBlock(null, ['ana', 'ben', 'ben', 'cyd'], 'ana')).toEqual(['ben', 'cyd']);
  });

  it('in a group asks nobody: membership is the consent', () => {
    expect(peopleWhoMustNotBlock('g1', ['ana', 'ben'], 'ana')).toEqual([]);
  });

  it('never asks the caller about themselves', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('ana', 'ben', 'cyd')), (named) => {
        expect(peopleWhoMustNotBlock(null, named, 'ana')).not.toContain('ana');
      }),
    );
  });
});

describe('mayBlockRecorder', () => {
  it('offers whoever someone else named in a personal expense, participant or payer', () => {
    expect(mayBlockRecorder(personal, 'ben')).toBe(true);
    expect(mayBlockRecorder({ ...personal, paid_by: 'dan' }, 'dan')).toBe(true);
  });

  it('never the recorder, anyone not in it, nor anyone in a group expense', () => {
    expect(mayBlockRecorder(personal, 'ana')).toBe(false);
    expect(mayBlockRecorder(personal, 'dan')).toBe(false);
    expect(mayBlockRecorder({ ...personal, group_id: 'g1' }, 'ben')).toBe(false);
  });
});
