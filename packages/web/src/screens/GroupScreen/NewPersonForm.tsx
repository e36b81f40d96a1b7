import { splitName, validateNewPersonEmail } from '@kitty/domain';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { randomUuid } from '../../flows/idempotency';
import * as styles from './dialogs.css';
import type { SettingsMember } from './useGroupSettingsForm';
import catalog from '../../i18n/catalog/en/groupSettings.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
const words = domainWords(catalog);

export interface NewPersonFormProps {
  email: string;
  onAdd: (member: SettingsMember) => void;
  onCancel: () => void;
}

/**
 * An address that belongs to nobody yet: a new, not registered person (name optional; the display name
 * defaults to the part of the e-mail before the @). They are invited when the settings are saved.
 */
export function NewPersonForm({ email: initialEmail, onAdd, onCancel }: NewPersonFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const add = () => {
    const found = validateNewPersonEmail(email);
    if (found.email) return setError(words(found.email));
    const address = email.trim();
    const names = splitName(name, address);
    onAdd({
      id: `temp-${randomUuid()}`,
      email: address,
      name: names.display_name,
      ...names,
      registered: false,
      isNew: true,
    });
  };

  return (
    <section aria-labelledby="new-person-title" className={styles.item}>
      <h4 id="new-person-title" className={styles.heading}>
        {t('newPerson')}
      </h4>
      <p className={styles.muted}>{t('newPersonNote')}</p>
      <TextField
        label={t('email')}
        type="email"
        value={email}
        onChange={(value) => {
          setEmail(value);
          setError(undefined);
        }}
        errorMessage={error}
      />
      <TextField label={t('nameOptional')} value={name} onChange={setName} />
      <div className={styles.actions}>
        <Button variant="ghost" size="sm" onPress={onCancel}>
          {t('cancel')}
        </Button>
        <Button size="sm" onPress={add}>
          {t('addPerson')}
        </Button>
      </div>
    </section>
  );
}
