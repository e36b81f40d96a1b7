import type { ExpenseInput, User } from '@kitty/api';
import { buildExpensePayload, createDraft, type ExpenseDraft } from '@kitty/domain/flows';
import { describe, expect, it } from 'vitest';
import { draftFromTemplate } from './templateDraft';

const template: ExpenseInput = {
  description: 'Rent',
  amount: 900,
  currency: 'EUR',
  category: 'housing',
  group_id: 'g1',
  split_type: 'exact',
  split_details: { amounts: { a: 500, b: 400 } },
  paid_by: 'a',
  payers: [
    { user_id: 'b', amount: 300 },
    { user_id: 'a', amount: 600 },
  ],
  split_with: ['b'],
  participants: ['a', 'b'],
  notes: 'Transfer by the 1st',
};

const members = [
  { id: 'a', display_name: 'Alice', email: 'alice@example.com' },
  { id: 'b', display_name: 'Bob', email: 'bob@example.com' },
] as User[];

describe('a recurring expense in the edit form', () => {
  it('starts from its template, the group members named, the first day as the Date', () => {
    const draft = draftFromTemplate(template, { id: 'g1', name: 'Flat', Members: members }, '2026-08-31');
    expect(draft).toMatchObject({
      description: 'Rent',
      amount: '900.00',
      currency: 'EUR',
      category: 'housing',
      split_type: 'exact',
      paid_by: 'a',
      payers: [
        { id: 'a', amount: '600.00' },
        { id: 'b', amount: '300.00' },
      ],
      group_id: 'g1',
      groupName: 'Flat',
      date: '2026-08-31',
      notes: 'Transfer by the 1st',
    });
    expect(draft.participants?.map((p) => p.display_name)).toEqual(['Alice', 'Bob']);
  });

  it('saved unchanged, sends back what the template holds', () => {
    const loaded = draftFromTemplate(template, { id: 'g1', name: 'Flat', Members: members }, '2026-08-31');
    const draft: ExpenseDraft = {
      ...createDraft({ currentUser: members[0] as User }),
      ...loaded,
    };
    const result = buildExpensePayload(draft, new Date('2026-11-26T10:00:00Z'));
    expect(result.ok && result.payload).toMatchObject({
      description: 'Rent',
      amount: 900,
      split_type: 'exact',
      split_details: { amounts: { a: 500, b: 400 } },
      paid_by: 'a',
      participants: ['a', 'b'],
      split_with: ['b'],
      notes: 'Transfer by the 1st',
    });
  });

  it('keeps a participant who is no longer a member, by id', () => {
    const draft = draftFromTemplate(
      template,
      { id: 'g1', name: 'Flat', Members: [members[0] as User] },
      '2026-08-31',
    );
    expect(draft.participants?.map((p) => p.id)).toEqual(['a', 'b']);
  });
});
