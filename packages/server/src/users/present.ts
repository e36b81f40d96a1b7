import type { components } from '@kitty/api/schema';
import type { CurrentUser } from './repo';

export type UserJson = components['schemas']['User'];

/** The user as the contract shows it: never the password hash or the token version. */
export function toUserJson(
  user: Pick<CurrentUser, 'id' | 'email' | 'first_name' | 'last_name' | 'display_name' | 'registered'>,
): UserJson {
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    display_name: user.display_name,
    name: user.display_name || fullName || user.email,
    registered: user.registered,
  };
}

/** The caller's own user: also whether they proved their address (the web shows a banner until then). */
export function toOwnUserJson(user: CurrentUser): UserJson {
  return { ...toUserJson(user), email_verified: user.email_verified };
}

export type UserSummaryJson = components['schemas']['UserSummary'];

/** The short form of a person inside other resources (payer, FromUser, ToUser, suggestion sides). */
export function toUserSummary(user: {
  id: string;
  display_name: string;
  first_name?: string;
  last_name?: string;
  email: string;
}): UserSummaryJson {
  const fullName = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  return { id: user.id, display_name: user.display_name || fullName || user.email, email: user.email };
}

export type UserNameJson = components['schemas']['UserName'];

/** The shortest form of a person (a comment's author, a receipt's uploader): the id and the name shown. */
export function toUserName(
  id: string,
  names: { display_name: string; first_name: string; last_name: string; email: string },
): UserNameJson {
  return { id, display_name: toUserSummary({ ...names, id }).display_name };
}

export type UserSearchResultJson = components['schemas']['UserSearchResult'];

/** A search result: the user plus whether they share a group or an expense with the caller. */
export function toUserSearchResult(user: CurrentUser, connected: boolean): UserSearchResultJson {
  return { ...toUserJson(user), connected };
}
