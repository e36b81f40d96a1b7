import type { GroupBalances, GroupDetail, GroupSettingsMember } from '@kitty/api';
import {
  type FieldErrors,
  hasErrors,
  isSplitType,
  memberName,
  type SplitDetails,
  type SplitType,
  splitDetailsForMembers,
  optionalText,
  trimText,
  validateGroupName,
  validateGroupSettings,
} from '@kitty/domain';
import { useState } from 'react';
import { api } from '../../api';
import { configToDetails, detailsToConfig } from '@kitty/domain';
import { callGroup } from '../../flows/groupCall';
import { memberNets } from './groupState';
import { settingsSaveFailure } from './settingsSaveFailure';
import { invalidateGroup } from './useGroupData';
import catalog from '../../i18n/catalog/en/groupSettings.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

export interface SettingsMember {
  /** A member's user id, or a "temp-" id for a person added here and not saved yet. */
  id: string;
  email: string;
  name: string;
  first_name: string;
  last_name: string;
  display_name: string;
  registered: boolean;
  /** Added in this dialog: sent by e-mail on save. */
  isNew: boolean;
}

export interface SettingsNotice {
  tone: 'error' | 'success';
  lines: string[];
}

interface FormState {
  /** The group version the form started from. */
  version: number;
  /** The group's name and description: only its creator changes them (the others' are not sent). */
  name: string;
  description: string;
  currency: string;
  splitType: SplitType | '';
  splitDetails: SplitDetails | null;
  members: SettingsMember[];
}

function initialState(group: GroupDetail): FormState {
  return {
    version: group.version,
    name: group.name,
    description: group.description ?? '',
    currency: group.currency,
    splitType: isSplitType(group.default_split_type) ? group.default_split_type : '',
    splitDetails: configToDetails(group.default_split_config, group.currency),
    members: group.Members.map((m) => ({
      id: m.id,
      email: m.email,
      name: memberName(m),
      first_name: m.first_name,
      last_name: m.last_name,
      display_name: m.display_name,
      registered: m.registered,
      isNew: false,
    })),
  };
}

function memberPayload(m: SettingsMember): GroupSettingsMember {
  if (!m.isNew) return { id: m.id, email: m.email };
  return {
    email: m.email,
    display_name: m.display_name,
    first_name: m.first_name || null,
    last_name: m.last_name || null,
    registered: false,
  };
}

type SettingsField = 'name' | 'currency' | 'default_split_type' | 'members';

/**
 * The Group Settings form: name and description (the creator's), currency, default split, member list;
 * saved with PUT /groups/{id}/settings.
 */
export function useGroupSettingsForm(
  group: GroupDetail,
  balances: GroupBalances | undefined,
  currentUserId: string,
) {
  const [form, setForm] = useState<FormState>(() => initialState(group));
  const [errors, setErrors] = useState<FieldErrors<SettingsField>>({});
  const isCreator = group.created_by === currentUserId;
  const [notice, setNotice] = useState<SettingsNotice | null>(null);
  const [saving, setSaving] = useState(false);

  // Whether the person has changed the form since it started, and whether a save was refused as stale.
  const [edited, setEdited] = useState(false);
  const [refusedAsStale, setRefusedAsStale] = useState(false);

  // A reloaded group with another version restarts the form from it: after this person's own save, after a
  // save refused as stale, or while they have changed nothing. A change someone else makes while they are
  // editing (the live stream reloads the group) leaves their form and its version alone: the save is then
  // refused as stale and says so, never silently overwriting the other change, and what they typed stays.
  if (group.version !== form.version && (!edited || refusedAsStale)) {
    setForm(initialState(group));
    setEdited(false);
    setRefusedAsStale(false);
  }

  const nets = memberNets(group, balances);
  /** The ids the default split can name: saved members (new people have no id yet). */
  const savedIds = form.members.filter((m) => !m.isNew).map((m) => m.id);

  const update = (patch: Partial<FormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setEdited(true);
    setNotice(null);
  };

  const save = async () => {
    const found: FieldErrors<SettingsField> = {
      ...(isCreator ? validateGroupName(form.name) : {}),
      ...validateGroupSettings({
        currency: form.currency,
        default_split_type: form.splitType,
        members: form.members,
      }),
    };
    setErrors(found);
    if (hasErrors(found) || form.splitType === '') return;
    setSaving(true);
    setNotice(null);
    try {
      const details = splitDetailsForMembers(form.splitType, form.splitDetails, savedIds);
      await callGroup(
        api.PUT('/groups/{id}/settings', {
          params: { path: { id: group.id } },
          body: {
            ...(isCreator && { name: trimText(form.name), description: optionalText(form.description) }),
            currency: form.currency,
            default_split_type: form.splitType,
            default_split_config: detailsToConfig(form.splitType, details, form.currency, savedIds),
            members: form.members.map(memberPayload),
            version: form.version,
          },
        }),
        t('updateFailed'),
      );
      setNotice({ tone: 'success', lines: [t('saved')] });
      setEdited(false);
      invalidateGroup(group.id);
    } catch (failure) {
      const outcome = settingsSaveFailure(failure);
      if (outcome.unexpected) console.error('Saving group settings failed', failure);
      setNotice({ tone: 'error', lines: outcome.lines });
      // Changed by someone else meanwhile: the message says so, and the current settings load.
      if (outcome.reload) {
        setRefusedAsStale(true);
        invalidateGroup(group.id);
      }
    } finally {
      setSaving(false);
    }
  };

  return {
    form,
    errors,
    notice,
    saving,
    nets,
    savedIds,
    isCreator,
    setName: (name: string) => {
      update({ name });
      setErrors(({ name: _, ...rest }) => rest);
    },
    setDescription: (description: string) => update({ description }),
    setCurrency: (currency: string) => update({ currency }),
    setSplitType: (splitType: SplitType) => update({ splitType, splitDetails: null }),
    setSplitDetails: (splitDetails: SplitDetails) => update({ splitDetails }),
    addMember: (member: SettingsMember) => {
      if (
        form.members.some((m) => m.id === member.id || m.email.toLowerCase() === member.email.toLowerCase())
      )
        return;
      update({ members: [...form.members, member] });
      setErrors(({ members: _, ...rest }) => rest);
    },
    removeMember: (id: string) => update({ members: form.members.filter((m) => m.id !== id) }),
    setNotice,
    save,
  };
}

export type GroupSettingsForm = ReturnType<typeof useGroupSettingsForm>;
