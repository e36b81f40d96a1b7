import { call } from '@kitty/api';
import { DEFAULT_USER_CURRENCY, hasErrors, validateGroupName } from '@kitty/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useCurrencyOptions } from '../../components/configOptions';
import { Form } from '../../components/Form';
import { LinkButton } from '../../components/LinkButton';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { LoadingText } from '../../components/Spinner';
import { api } from '../../api';
import { useAuth } from '../../flows/AuthProvider';
import { createIdempotencyKeys } from '../../flows/idempotency';
import { invalidate, useResource } from '../../flows/resource';
import { AddPeople } from './AddPeople';
import * as styles from './CreateGroupScreen.css';
import { MemberList } from './MemberList';
import { NewPersonDialog } from './NewPersonDialog';
import { sameMember } from './newGroup';
import { GroupSplitDialog, SplitMethodField } from './SplitMethodField';
import { submitGroup } from './submitGroup';
import { useGroupDraft } from './useGroupDraft';
import catalog from '../../i18n/catalog/en/createGroup.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
const words = domainWords(catalog);

const FORM_ID = 'create-group-form';

/** Create Group: Cancel, the title and Done; name, description, members, currency and default split. */
export function CreateGroupScreen() {
  const { user } = useAuth();
  // The currency starts as the creator's own default (Account > App Settings).
  const settings = useResource(
    ['account-settings'],
    (signal) => call(api.GET('/account-settings', { signal }), t('settingsFailed')),
    { tags: ['account-settings'] },
  );
  if (!user) return null;
  if (settings.data === undefined && settings.status !== 'failed')
    return <LoadingText centered>{t('loading')}</LoadingText>;
  return <CreateGroupForm creator={user} currency={settings.data?.currency ?? DEFAULT_USER_CURRENCY} />;
}

function CreateGroupForm({
  creator,
  currency,
}: {
  creator: NonNullable<ReturnType<typeof useAuth>['user']>;
  currency: string;
}) {
  const draft = useGroupDraft(creator, currency);
  const currencies = useCurrencyOptions();
  const navigate = useNavigate();
  const [keys] = useState(() => createIdempotencyKeys());
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [newPersonTerm, setNewPersonTerm] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Only this form's own submit: a dialog's form submits through the React tree too.
    if (creating || event.target !== event.currentTarget) return;
    const errors = validateGroupName(draft.name);
    if (hasErrors(errors)) {
      draft.setNameError(errors.name);
      nameInput.current?.focus();
      return;
    }
    setCreating(true);
    setFailure(null);
    const result = await submitGroup(draft.draft(), keys);
    if (result.ok) {
      invalidate('groups', 'balances');
      navigate(`/groups/${result.groupId}`, { replace: true });
      return;
    }
    setCreating(false);
    setFailure(result.message);
    if (result.fieldErrors.name) {
      draft.setNameError(result.fieldErrors.name);
      nameInput.current?.focus();
    }
  };

  const isMember = (person: { id: string; email: string }) =>
    sameMember(person, creator) || draft.members.some((m) => sameMember(m, person));

  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <LinkButton href="/groups" variant="ghost" size="sm" className={styles.headerStart}>
          {t('cancel')}
        </LinkButton>
        <h1 className={styles.title}>{t('title')}</h1>
        <Button type="submit" form={FORM_ID} size="sm" isPending={creating} className={styles.headerEnd}>
          {creating ? t('creating') : t('done')}
        </Button>
      </div>
      {failure && <Alert>{words(failure)}</Alert>}
      <Form id={FORM_ID} onSubmit={submit} aria-labelledby="create-group-title" className={styles.form}>
        <span id="create-group-title" hidden>
          {t('title')}
        </span>
        <TextField
          label={t('groupName')}
          value={draft.name}
          onChange={draft.setName}
          errorMessage={draft.nameError && words(draft.nameError)}
          inputRef={nameInput}
          autoComplete="off"
        />
        <TextField
          label={t('descriptionOptional')}
          value={draft.description}
          onChange={draft.setDescription}
          autoComplete="off"
        />
        <section aria-labelledby="members-title" className={styles.membersSection}>
          <h2 id="members-title" className={styles.sectionTitle}>
            {t('members')}
          </h2>
          <MemberList creator={creator} members={draft.members} onRemove={draft.removeMember} />
          <AddPeople isMember={isMember} onAdd={draft.addMember} onAddNew={setNewPersonTerm} />
        </section>
        <Select
          label={t('currency')}
          options={currencies}
          value={draft.currency}
          onChange={draft.setCurrency}
        />
        <SplitMethodField draft={draft} />
      </Form>
      <GroupSplitDialog draft={draft} creator={creator} />
      {newPersonTerm !== null && (
        <NewPersonDialog
          term={newPersonTerm}
          onAdd={(member) => {
            draft.addMember(member);
            setNewPersonTerm(null);
          }}
          onClose={() => setNewPersonTerm(null)}
        />
      )}
    </div>
  );
}
