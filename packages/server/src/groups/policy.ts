import { GROUP_DETAILS_CREATOR_ONLY } from '@kitty/domain';
import type { GroupRow } from './repo';

export const NAME_CREATOR_ONLY = GROUP_DETAILS_CREATOR_ONLY;

export const DELETE_CREATOR_ONLY = 'Only the group creator can delete this group.';
export const SETTINGS_CREATOR_ONLY = 'Only the group creator can change these settings.';

/**
 * Who may change a group's settings. The spec leaves it open; we let every member edit (the friendlier
 * rule, and the one openapi.yaml documents). Callers have already checked membership.
 */
export function mayEditSettings(_group: Pick<GroupRow, 'created_by'>, _userId: string): boolean {
  return true;
}

/** Only the creator may delete a group. */
export function mayDeleteGroup(group: Pick<GroupRow, 'created_by'>, userId: string): boolean {
  return group.created_by === userId;
}

/** Only the creator may rename a group or change its description (the other settings: every member). */
export function mayRenameGroup(group: Pick<GroupRow, 'created_by'>, userId: string): boolean {
  return group.created_by === userId;
}
