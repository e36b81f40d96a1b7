import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canSubmitExpense,
  type ExpenseForm,
  splitName,
  validateExpense,
  validateGroupName,
  validateGroupSettings,
  validateNewPersonEmail,
  validateSettlement,
} from './validation';

describe('validateExpense and canSubmitExpense', () => {
  const form: ExpenseForm = {
    description: 'Dinner',
    amount: '12.50',
    participants: ['u1', 'u2'],
    split_type: 'equal',
  };

  it('a valid form has no errors and can be submitted', () => {
    expect(validateExpense(form)).toEqual({});
    expect(canSubmitExpense(form)).toBe(true);
  });

  it('a blank description (after trimming) is rejected', () => {
    expect(validateExpense({ ...form, description: '   ' })).toEqual({
      description: 'Please enter a description for this expense',
    });
  });

  it.each(['0', '', '-5', 'abc', 0, '0.001'])(
    'amount %j gives no message but blocks submitting',
    (amount) => {
      expect(validateExpense({ ...form, amount })).toEqual({});
      expect(canSubmitExpense({ ...form, amount })).toBe(false);
    },
  );

  it('needs at least one participant', () => {
    expect(validateExpense({ ...form, participants: [] })).toEqual({
      participants: 'At least one participant required',
    });
  });

  it('rejects an unknown split type', () => {
    expect(validateExpense({ ...form, split_type: 'random' })).toEqual({ split_type: 'Invalid split type' });
    expect(canSubmitExpense({ ...form, split_type: 'random' })).toBe(false);
  });

  it('shares need at least one participant with shares', () => {
    const shares = { ...form, split_type: 'shares' };
    expect(validateExpense({ ...shares, split_details: { shares: { u1: 0, u2: 0 } } })).toEqual({
      split_details: 'At least one participant must have shares',
    });
    expect(validateExpense({ ...shares, split_details: { shares: { u3: 4 } } })).toEqual({
      split_details: 'At least one participant must have shares',
    });
    expect(validateExpense({ ...shares, split_details: { shares: { u1: 0, u2: 1 } } })).toEqual({});
  });
});

describe('validateSettlement', () => {
  const ok = { amount: '10', from_user_id: 'a', to_user_id: 'b' };
  it('accepts 0.01 and more', () => {
    expect(validateSettlement({ ...ok, amount: '0.01' })).toEqual({});
    expect(validateSettlement({ ...ok, amount: 25.5 })).toEqual({});
  });
  it('requires an amount of at least 0.01', () => {
    expect(validateSettlement({ ...ok, amount: '' })).toEqual({ amount: 'Amount is required' });
    expect(validateSettlement({ ...ok, amount: '0' })).toEqual({ amount: 'Amount must be at least 0.01' });
    expect(validateSettlement({ ...ok, amount: '-3' })).toEqual({ amount: 'Amount must be at least 0.01' });
    expect(validateSettlement({ ...ok, amount: '1.005' }).amount).toBe(
      'Amount can have at most 2 decimal places',
    );
  });
  it('requires two different people', () => {
    expect(validateSettlement({ amount: '1', from_user_id: '', to_user_id: '' })).toEqual({
      from_user_id: 'Please select who is paying',
      to_user_id: 'Please select who is receiving',
    });
    expect(validateSettlement({ amount: '1', from_user_id: 'a', to_user_id: 'a' })).toEqual({
      to_user_id: 'The payer and the receiver must be different people',
    });
  });
});

describe('group validation', () => {
  it('group name is required', () => {
    expect(validateGroupName('  ')).toEqual({ name: 'Please enter a group name' });
    expect(validateGroupName('Trip')).toEqual({});
  });
  it('group settings need currency, default split method and a member', () => {
    expect(validateGroupSettings({ currency: '', default_split_type: null, members: [] })).toEqual({
      currency: 'Please select a currency',
      default_split_type: 'Please select a default split method',
      members: 'A group must have at least one member',
    });
    expect(validateGroupSettings({ currency: 'EUR', default_split_type: 'equal', members: [{}] })).toEqual(
      {},
    );
  });
});

describe('adding a new person by e-mail', () => {
  it('needs a valid e-mail', () => {
    expect(validateNewPersonEmail('nobody')).toEqual({ email: 'Please enter a valid email address' });
    expect(validateNewPersonEmail('bob@example.com')).toEqual({});
  });

  it('splits the name on spaces into first and last name', () => {
    expect(splitName('  Mary  Ann   Smith ', 'm@x.org')).toEqual({
      first_name: 'Mary',
      last_name: 'Ann Smith',
      display_name: 'Mary Ann Smith',
    });
  });

  it('without a name the display name is the part of the e-mail before the @', () => {
    expect(splitName('', 'bob.builder@example.com')).toEqual({
      first_name: '',
      last_name: '',
      display_name: 'bob.builder',
    });
    expect(splitName(undefined, 'x@y.z').display_name).toBe('x');
  });

  it('first and last name together always give back the words of the name', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z]{1,8}$/), { maxLength: 5 }), (words) => {
        const { first_name, last_name } = splitName(words.join('  '), 'a@b.c');
        expect([first_name, last_name].filter(Boolean).join(' ')).toBe(words.join(' '));
      }),
    );
  });
});
