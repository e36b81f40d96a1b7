import {
  GROUP_EVENT_KINDS,
  type GroupEventKind,
  type GroupEventLike,
  groupEventMessage,
  type NameOf,
} from '@kitty/domain';
import catalog from '../../i18n/catalog/en/groupHistory.json';
import { money } from '../../i18n/format';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** A kind of change in words, for the filter ("Expense added"). */
export const kindLabel = (kind: GroupEventKind): string => t(`kind_${kind}`);

/** The kinds of change as the filter offers them, "All changes" first. */
export const kindOptions = (allKinds: string) => [
  { id: allKinds, label: t('allChanges') },
  ...GROUP_EVENT_KINDS.map((kind) => ({ id: kind, label: kindLabel(kind) })),
];

/**
 * The sentence of one event in the active language: the domain's facts (groupEventMessage, the same cases as
 * its English groupEventWords), money and dates of the active locale, the sentence from the catalog.
 */
export function eventWords(event: GroupEventLike, nameOf: NameOf): string {
  const message = groupEventMessage(event, nameOf, {
    money,
    none: t('none'),
    someone: t('someone'),
    field: (field) => t('field', { field }),
  });
  switch (message.id) {
    case 'expenseEdited':
      return t(message.values.changes ? 'expenseEditedChanges' : 'expenseEdited', message.values);
    case 'settingsChanged':
      return t(message.values.changes ? 'settingsChangedChanges' : 'settingsChanged', message.values);
    case 'groupCreated':
      return t('groupCreated', message.values).trimEnd();
    case 'recurringFinished':
      return t('recurringFinished', message.values).trimEnd();
    default:
      return t(message.id, message.values);
  }
}
