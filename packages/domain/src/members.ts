// Group member rules (section 4 "Member rules", section 5 "Group settings save", section 6).
import { isSettledInEveryCurrency } from './balances';
import { optionalText } from './visibleText';

export const CREATOR_CANNOT_BE_REMOVED = 'The group creator cannot be removed.';
export const MEMBER_HAS_BALANCE =
  'This member has an unsettled balance and cannot be removed until all expenses are settled.';
export const CANNOT_LEAVE_GROUP =
  'You cannot leave because you either have an outstanding balance or are the group admin.';
/** The most members a group may have (the contract's 200 of a settings save), however they are added. */
export const GROUP_MEMBERS_MAX = 200;
export const GROUP_MEMBER_LIMIT_REACHED = `A group can have at most ${GROUP_MEMBERS_MAX} members.`;
export const LEAVE_CONFIRM = 'Are you sure you want to leave this group?';

export const CREATOR_TAG = 'Creator';
export const GROUP_CREATOR_TAG = 'Group Creator';
export const NOT_REGISTERED_TAG = 'Not Registered';
export const CONNECTED_TAG = 'Connected';
export const UNSETTLED_BALANCE_TAG = 'Has Unsettled Balance';

export type RuleResult<R extends string = string> = { ok: true } | { ok: false; reason: R };

/**
 * Whether a member may be removed from a group: never the creator, never someone with a nonzero balance
 * (in any currency: pass the balance of each currency, or one number). Allowed removals still need confirming.
 */
export function canRemoveMember(input: {
  memberId: string;
  createdBy: string | null | undefined;
  balanceMinor: number | readonly number[];
}): RuleResult<typeof CREATOR_CANNOT_BE_REMOVED | typeof MEMBER_HAS_BALANCE> {
  if (input.createdBy != null && input.memberId === input.createdBy) {
    return { ok: false, reason: CREATOR_CANNOT_BE_REMOVED };
  }
  if (!isSettledInEveryCurrency(input.balanceMinor)) return { ok: false, reason: MEMBER_HAS_BALANCE };
  return { ok: true };
}

/** A member may leave only when not the creator and with a zero balance. */
export function canLeaveGroup(input: {
  userId: string;
  createdBy: string | null | undefined;
  balanceMinor: number | readonly number[];
}): RuleResult<typeof CANNOT_LEAVE_GROUP> {
  const isCreator = input.createdBy != null && input.userId === input.createdBy;
  return !isCreator && isSettledInEveryCurrency(input.balanceMinor)
    ? { ok: true }
    : { ok: false, reason: CANNOT_LEAVE_GROUP };
}

export function isCreator(memberId: string, createdBy: string | null | undefined): boolean {
  return createdBy != null && memberId === createdBy;
}

export interface MemberTagInput {
  id: string;
  registered?: boolean | null;
  connected?: boolean | null;
}

/**
 * The tags next to a person, in display order. `where`: 'members' (group settings member list: "Group Creator",
 * "Not Registered", "Has Unsettled Balance" in place of Remove), 'search' (user search results: "Not Registered",
 * "Connected"), 'chips' (short "Creator" label).
 */
export function memberTags(
  member: MemberTagInput,
  options: {
    createdBy?: string | null;
    balanceMinor?: number | readonly number[];
    where?: 'members' | 'search' | 'chips';
  } = {},
): string[] {
  const where = options.where ?? 'members';
  const tags: string[] = [];
  if (where !== 'search' && isCreator(member.id, options.createdBy)) {
    tags.push(where === 'members' ? GROUP_CREATOR_TAG : CREATOR_TAG);
  }
  if (member.registered === false) tags.push(NOT_REGISTERED_TAG);
  if (where === 'search' && member.connected === true) tags.push(CONNECTED_TAG);
  if (
    where === 'members' &&
    !isCreator(member.id, options.createdBy) &&
    options.balanceMinor !== undefined &&
    !isSettledInEveryCurrency(options.balanceMinor)
  ) {
    tags.push(UNSETTLED_BALANCE_TAG);
  }
  return tags;
}

export interface NamedUser {
  display_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  name?: string | null;
}

/**
 * display_name, else first + last name, else e-mail, else "Unknown". A name that shows nothing (visibleText.ts;
 * one stored before names had to show something) counts as none.
 */
export function memberName(user: NamedUser | null | undefined): string {
  const display = optionalText(user?.display_name);
  if (display) return display;
  const full = [optionalText(user?.first_name), optionalText(user?.last_name)].filter(Boolean).join(' ');
  if (full) return full;
  return user?.email?.trim() || 'Unknown';
}

/** The initial letter shown in avatars. */
export function initialOf(name: string | null | undefined): string {
  const first = name?.trim().charAt(0) ?? '';
  return first ? first.toLocaleUpperCase() : '?';
}

/** The receivers offered in the settlement form: every member except the chosen payer. */
export function settlementReceivers<M extends { id: string }>(
  members: readonly M[],
  payerId: string | null | undefined,
): M[] {
  return members.filter((m) => m.id !== payerId);
}

export interface SplitConfig {
  percentages?: { user_id: string; percentage: number }[];
  [key: string]: unknown;
}

/** default_split_config may arrive as a JSON string; anything that is not an object (or fails to parse) is null. */
export function parseSplitConfig(value: unknown): SplitConfig | null {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  return parsed as SplitConfig;
}

/**
 * Whether `adding` new people fit in a group of `current` members (GROUP_MEMBERS_MAX): adding by hand and
 * importing a file count the same way, people already members not counted again.
 */
export function canAddMembers(
  current: number,
  adding: number,
): RuleResult<typeof GROUP_MEMBER_LIMIT_REACHED> {
  // Adding nobody is never refused, even in a group already past the cap (made before it existed).
  return adding > 0 && current + adding > GROUP_MEMBERS_MAX
    ? { ok: false, reason: GROUP_MEMBER_LIMIT_REACHED }
    : { ok: true };
}
