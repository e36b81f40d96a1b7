import type { components } from '@kitty/api/schema';
import type { ImportedLedger } from '@kitty/domain';
import type { Db } from '../db';
import { assertRoomFor } from '../groups/members';
import { emailKey, emailProblem } from '../groups/people';
import type { FieldError } from '../http/errors';
import { findByEmail } from '../users/repo';
import { connectedByEmail } from '../users/search';

type ImportMember = components['schemas']['ImportMember'];

export const chooseWho = (name: string) => `Choose who ${name} is`;
export const SAME_PERSON_TWICE = 'Another name in the file is already this person';

/** Someone already in the target group (for a new group: the caller alone). */
export interface GroupPerson {
  id: string;
  email: string;
  display_name: string;
}

/** A file member and who they are: the address they map to and, when known, the person. */
export interface ResolvedMember extends ImportMember {
  /** Where the address came from: the request's `members`, the file, or a group member's name. */
  from: 'request' | 'file' | 'group' | null;
}

/** A file member's address before anyone is looked up: the request's, the file's, or a group member's. */
interface Addressed {
  name: string;
  email: string | null;
  from: ResolvedMember['from'];
}

function addressesOf(
  ledger: ImportedLedger,
  given: Readonly<Record<string, string>> | undefined,
  group: readonly GroupPerson[],
): Addressed[] {
  const mapped = new Map(Object.entries(given ?? {}));
  return ledger.members.map((member) => {
    const fromRequest = mapped.get(member.name)?.trim();
    const named = group.filter((p) => p.display_name.trim().toLowerCase() === member.name.toLowerCase());
    const fromGroup = named.length === 1 ? named[0]?.email : undefined;
    const email = fromRequest || member.email?.trim() || fromGroup || null;
    const from = fromRequest ? 'request' : member.email?.trim() ? 'file' : fromGroup ? 'group' : null;
    return { name: member.name, email, from };
  });
}

/** Counts the look-ups of a request (RATE_LIMIT_LOOKUPS): 429 past the rule. */
export type CountLookups = (count: number) => Promise<void>;

/**
 * What an import may do before any address is looked up, as adding people by hand: the group may not pass
 * its member cap (409, assertRoomFor) and every address neither in the group nor of someone the caller is
 * connected to counts one look-up (429 past RATE_LIMIT_LOOKUPS). Answers the connected people's ids by
 * address (lower-cased).
 */
async function screen(
  db: Db,
  callerId: string,
  addressed: readonly Addressed[],
  group: readonly GroupPerson[],
  countLookups: CountLookups | undefined,
): Promise<Map<string, string>> {
  const emails = addressed.flatMap((m) => (m.email === null ? [] : [m.email]));
  assertRoomFor(group, emails);
  const inGroup = new Set(group.map((p) => emailKey(p.email)));
  const others = [...new Set(emails.map(emailKey))].filter((key) => !inGroup.has(key));
  const connected = await connectedByEmail(db, callerId, others);
  await countLookups?.(others.filter((key) => !connected.has(key)).length);
  return connected;
}

/**
 * Who each member of the file is, in file order: the address given for their name in `members` (a map
 * read by its entries: a name from a file is never used as a property of a plain object), else the one the
 * file gives, else the address of the one group member with exactly that display name (any case), else
 * nobody (`unmapped`). `member`: already in the group; `account`: an existing person (registered or not);
 * `invitation`: an unknown address. `rows`: how many of the file's expenses and payments name them.
 * `user_id` only for the group's members and people the caller is connected to: the file's other
 * addresses are looked up (counted by `countLookups`), but their ids are not handed out. Refuses first what
 * `screen` refuses.
 */
export async function resolveMembers(
  db: Db,
  callerId: string,
  ledger: ImportedLedger,
  given: Readonly<Record<string, string>> | undefined,
  group: readonly GroupPerson[],
  countLookups?: CountLookups,
): Promise<ResolvedMember[]> {
  const addressed = addressesOf(ledger, given, group);
  const connected = await screen(db, callerId, addressed, group, countLookups);
  const rows = rowsByMember(ledger);
  const result: ResolvedMember[] = [];
  for (const { name, email, from } of addressed) {
    const count = rows.get(name) ?? 0;
    if (email === null) {
      result.push({ name, email: null, status: 'unmapped', user_id: null, rows: count, from });
      continue;
    }
    const inGroup = group.find((p) => emailKey(p.email) === emailKey(email));
    const person = inGroup ?? (await findByEmail(db, email));
    result.push({
      name,
      email: person?.email ?? email,
      status: inGroup ? 'member' : person ? 'account' : 'invitation',
      user_id: inGroup?.id ?? connected.get(emailKey(email)) ?? null,
      rows: count,
      from,
    });
  }
  return result;
}

/**
 * What refuses a real import: a name without an address (`Choose who <name> is`), an address the
 * add-person rule refuses, the same person for two names (on the second), each on `members.<name>`.
 */
export function memberErrors(members: readonly ResolvedMember[]): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const m of members) {
    const field = `members.${m.name}`;
    if (m.email === null) {
      errors.push({ field, message: chooseWho(m.name) });
      continue;
    }
    if (m.status === 'invitation') {
      const problem = emailProblem(m.email, field);
      if (problem) {
        errors.push(problem);
        continue;
      }
    }
    const key = emailKey(m.email);
    if (seen.has(key)) errors.push({ field, message: SAME_PERSON_TWICE });
    seen.add(key);
  }
  return errors;
}

/** How many expenses and payments name each member (as payer, participant, sender or receiver). */
function rowsByMember(ledger: ImportedLedger): Map<string, number> {
  const counts = new Map<string, number>();
  const count = (names: Iterable<string>) => {
    for (const name of new Set(names)) counts.set(name, (counts.get(name) ?? 0) + 1);
  };
  for (const e of ledger.expenses) count([...e.payers, ...e.splits].map((p) => p.member));
  for (const s of ledger.settlements) count([s.from, s.to]);
  return counts;
}

/** `screen` alone, before an import's transaction: nothing is looked up by address but who is connected. */
export async function screenMembers(
  db: Db,
  callerId: string,
  ledger: ImportedLedger,
  given: Readonly<Record<string, string>> | undefined,
  group: readonly GroupPerson[],
  countLookups: CountLookups | undefined,
): Promise<void> {
  await screen(db, callerId, addressesOf(ledger, given, group), group, countLookups);
}
