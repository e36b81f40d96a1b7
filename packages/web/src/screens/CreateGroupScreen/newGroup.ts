import type { NewGroup } from '@kitty/api';
import { optionalText, type SplitDetails, type SplitType, splitName, trimText } from '@kitty/domain';
import { detailsToConfig } from '@kitty/domain';

/** A person on the new group's member list: a known user, or a "temp-" person to be created by e-mail. */
export interface DraftMember {
  id: string;
  email: string;
  display_name: string;
  first_name: string;
  last_name: string;
  registered: boolean;
}

export const TEMP_ID_PREFIX = 'temp-';

export function isTempMember(member: Pick<DraftMember, 'id'>): boolean {
  return member.id.startsWith(TEMP_ID_PREFIX);
}

/** A not-registered person from the add-by-e-mail form (name optional, the domain's splitName). */
export function newPersonMember(email: string, name: string | null | undefined, id: string): DraftMember {
  const trimmed = email.trim();
  return { id, email: trimmed, ...splitName(name, trimmed), registered: false };
}

/** Same person: same id, or the same address in any case. */
export function sameMember(
  a: Pick<DraftMember, 'id' | 'email'>,
  b: Pick<DraftMember, 'id' | 'email'>,
): boolean {
  return a.id === b.id || a.email.trim().toLowerCase() === b.email.trim().toLowerCase();
}

/** The details with every "temp-" id replaced by the real id the server gave that person. */
export function renameSplitIds(details: SplitDetails, ids: ReadonlyMap<string, string>): SplitDetails {
  const rename = (record: Record<string, number> | undefined) =>
    record && Object.fromEntries(Object.entries(record).map(([id, value]) => [ids.get(id) ?? id, value]));
  const result: SplitDetails = {};
  if (details.percentages) result.percentages = rename(details.percentages);
  if (details.shares) result.shares = rename(details.shares);
  if (details.amounts) result.amounts = rename(details.amounts);
  if (details.adjustments) result.adjustments = rename(details.adjustments);
  return result;
}

export interface GroupDraft {
  name: string;
  description: string;
  currency: string;
  splitType: SplitType;
  splitDetails: SplitDetails;
  /** Everyone but the creator. */
  members: readonly DraftMember[];
  creatorId: string;
}

/**
 * Spec section 3 "New group payload". The creator is added by the server (always a registered member);
 * `members` are the others by e-mail. The split config names members by id, so every "temp-" person must
 * have been given a real id first (see `renameSplitIds`).
 */
export function newGroupPayload(draft: GroupDraft): NewGroup {
  const ids = [draft.creatorId, ...draft.members.map((m) => m.id)];
  return {
    // Kept as the server keeps them (visibleText.ts): no blank ends, a description that shows nothing is none.
    name: trimText(draft.name),
    description: optionalText(draft.description) || null,
    currency: draft.currency,
    default_split_type: draft.splitType,
    default_split_config: detailsToConfig(draft.splitType, draft.splitDetails, draft.currency, ids),
    members: draft.members.map((m) => ({
      email: m.email,
      display_name: m.display_name || null,
      first_name: m.first_name || null,
      last_name: m.last_name || null,
      registered: m.registered,
    })),
  };
}
