import type { SessionUser } from '@kitty/domain/flows';
import { reconcileSplitDetails } from '@kitty/domain/flows';
import { currencyExponent, defaultSplitDetails, type SplitDetails, type SplitType } from '@kitty/domain';
import { useState } from 'react';
import { type DraftMember, type GroupDraft, sameMember } from './newGroup';

/**
 * The Create Group form: name, description, members, currency (the creator's default currency) and
 * default split. Choosing a split type other than equal resets its details to the domain's defaults and
 * opens Configure Split.
 */
export function useGroupDraft(creator: SessionUser, initialCurrency: string) {
  const [name, setNameValue] = useState('');
  const [description, setDescription] = useState('');
  const [currency, setCurrencyValue] = useState<string>(initialCurrency);
  const [splitType, setSplitTypeValue] = useState<SplitType>('equal');
  const [splitDetails, setSplitDetails] = useState<SplitDetails>({});
  const [members, setMembers] = useState<DraftMember[]>([]);
  const [splitDialogOpen, setSplitDialogOpen] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();

  const ids = (list: readonly DraftMember[]) => [creator.id, ...list.map((m) => m.id)];

  const changeMembers = (next: DraftMember[]) => {
    setMembers(next);
    setSplitDetails((details) => reconcileSplitDetails(splitType, details, ids(next)));
  };

  return {
    name,
    description,
    currency,
    splitType,
    splitDetails,
    members,
    splitDialogOpen,
    nameError,
    setNameError,
    /** Everyone in the split, the creator first, for the Configure Split rows. */
    participantIds: ids(members),
    setName(value: string) {
      setNameValue(value);
      setNameError(undefined);
    },
    setDescription,
    setCurrency(value: string) {
      // Exact amounts and adjustments are minor units: a currency with other decimals starts them again.
      if (currencyExponent(value) !== currencyExponent(currency)) {
        setSplitDetails(defaultSplitDetails(splitType, ids(members)));
      }
      setCurrencyValue(value);
    },
    setSplitType(type: SplitType) {
      setSplitTypeValue(type);
      setSplitDetails(defaultSplitDetails(type, ids(members)));
      setSplitDialogOpen(type !== 'equal');
    },
    openSplitDialog: () => setSplitDialogOpen(true),
    closeSplitDialog: () => setSplitDialogOpen(false),
    saveSplit(details: SplitDetails) {
      setSplitDetails(details);
      setSplitDialogOpen(false);
    },
    /** False when the person is the creator or already on the list. */
    addMember(member: DraftMember): boolean {
      const me = { id: creator.id, email: creator.email };
      if (sameMember(member, me) || members.some((m) => sameMember(m, member))) return false;
      changeMembers([...members, member]);
      return true;
    },
    removeMember(id: string) {
      changeMembers(members.filter((m) => m.id !== id));
    },
    draft(): GroupDraft {
      return { name, description, currency, splitType, splitDetails, members, creatorId: creator.id };
    },
  };
}

export type GroupDraftState = ReturnType<typeof useGroupDraft>;
