import { describe, expect, it } from 'vitest';
import {
  canAddMembers,
  canLeaveGroup,
  GROUP_MEMBER_LIMIT_REACHED,
  canRemoveMember,
  initialOf,
  LEAVE_CONFIRM,
  memberName,
  memberTags,
  parseSplitConfig,
  settlementReceivers,
} from './members';

describe('canRemoveMember', () => {
  it('the creator cannot be removed', () => {
    expect(canRemoveMember({ memberId: 'c', createdBy: 'c', balanceMinor: 0 })).toEqual({
      ok: false,
      reason: 'The group creator cannot be removed.',
    });
  });
  it('a member with a nonzero balance cannot be removed', () => {
    expect(canRemoveMember({ memberId: 'm', createdBy: 'c', balanceMinor: -1 })).toEqual({
      ok: false,
      reason: 'This member has an unsettled balance and cannot be removed until all expenses are settled.',
    });
    expect(canRemoveMember({ memberId: 'm', createdBy: 'c', balanceMinor: [0, 5] }).ok).toBe(false);
  });
  it('otherwise removal is allowed', () => {
    expect(canRemoveMember({ memberId: 'm', createdBy: 'c', balanceMinor: 0 })).toEqual({ ok: true });
    expect(canRemoveMember({ memberId: 'm', createdBy: 'c', balanceMinor: [0, 0] })).toEqual({ ok: true });
  });
});

describe('canLeaveGroup', () => {
  const reason = 'You cannot leave because you either have an outstanding balance or are the group admin.';
  it('only a non-creator with a zero balance may leave', () => {
    expect(canLeaveGroup({ userId: 'm', createdBy: 'c', balanceMinor: 0 })).toEqual({ ok: true });
    expect(canLeaveGroup({ userId: 'c', createdBy: 'c', balanceMinor: 0 })).toEqual({ ok: false, reason });
    expect(canLeaveGroup({ userId: 'm', createdBy: 'c', balanceMinor: 1 })).toEqual({ ok: false, reason });
  });
  it('asks for confirmation with the spec text', () => {
    expect(LEAVE_CONFIRM).toBe('Are you sure you want to leave this group?');
  });
});

describe('memberTags', () => {
  it('member list: Group Creator, Not Registered, Has Unsettled Balance', () => {
    expect(memberTags({ id: 'c' }, { createdBy: 'c', balanceMinor: 100 })).toEqual(['Group Creator']);
    expect(memberTags({ id: 'm', registered: false }, { createdBy: 'c', balanceMinor: 100 })).toEqual([
      'Not Registered',
      'Has Unsettled Balance',
    ]);
    expect(memberTags({ id: 'm', registered: true }, { createdBy: 'c', balanceMinor: 0 })).toEqual([]);
  });
  it('chips use the short Creator label', () => {
    expect(memberTags({ id: 'c' }, { createdBy: 'c', where: 'chips' })).toEqual(['Creator']);
  });
  it('search results show Connected and Not Registered', () => {
    expect(memberTags({ id: 'x', connected: true, registered: false }, { where: 'search' })).toEqual([
      'Not Registered',
      'Connected',
    ]);
  });
});

describe('names', () => {
  it('display name, else first + last, else e-mail', () => {
    expect(memberName({ display_name: 'Ada', first_name: 'A', last_name: 'L' })).toBe('Ada');
    expect(memberName({ display_name: ' ', first_name: 'Ada', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(memberName({ first_name: 'Ada' })).toBe('Ada');
    expect(memberName({ display_name: '\u200B\u3164', first_name: '\u2060', email: 'ada@x.org' })).toBe(
      'ada@x.org',
    );
    expect(memberName({ email: 'ada@x.org' })).toBe('ada@x.org');
    expect(memberName(null)).toBe('Unknown');
  });
  it('initial letter', () => {
    expect(initialOf('ada')).toBe('A');
    expect(initialOf('')).toBe('?');
  });
});

describe('settlementReceivers', () => {
  it('excludes the chosen payer', () => {
    const members = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(settlementReceivers(members, 'b').map((m) => m.id)).toEqual(['a', 'c']);
    expect(settlementReceivers(members, null)).toHaveLength(3);
  });
});

describe('parseSplitConfig', () => {
  const config = { percentages: [{ user_id: 'a', percentage: 60 }] };
  it('parses a JSON string', () => {
    expect(parseSplitConfig(JSON.stringify(config))).toEqual(config);
  });
  it('keeps an object as it is', () => {
    expect(parseSplitConfig(config)).toBe(config);
  });
  it('is null on parse failure or non-objects', () => {
    expect(parseSplitConfig('{nope')).toBeNull();
    expect(parseSplitConfig('42')).toBeNull();
    expect(parseSplitConfig('[]')).toBeNull();
    expect(parseSplitConfig(null)).toBeNull();
    expect(parseSplitConfig(undefined)).toBeNull();
  });
});

describe('canAddMembers', () => {
  it('lets a group grow to 200 members and not one more, whatever the number added at once', () => {
    expect(canAddMembers(199, 1)).toEqual({ ok: true });
    expect(canAddMembers(0, 200)).toEqual({ ok: true });
    expect(canAddMembers(200, 1)).toEqual({ ok: false, reason: GROUP_MEMBER_LIMIT_REACHED });
    expect(canAddMembers(1, 999)).toEqual({ ok: false, reason: GROUP_MEMBER_LIMIT_REACHED });
    expect(canAddMembers(250, 0)).toEqual({ ok: true });
  });
});
