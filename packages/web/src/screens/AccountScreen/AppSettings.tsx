import { call } from '@kitty/api';
import type { Language, SplitType } from '@kitty/domain';
import { type FormEvent, useState } from 'react';
import { api } from '../../api';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { useCurrencyOptions, useSplitTypeOptions } from '../../components/configOptions';
import { Form } from '../../components/Form';
import { Select } from '../../components/Select';
import { invalidate } from '../../flows/resource';
import catalog from '../../i18n/catalog/en/account.json';
import { messages } from '../../i18n/messages';
import { chooseLanguage } from '../../i18n/switchLanguage';
import * as styles from './AccountScreen.css';
import { useTimedNotice } from './useTimedNotice';

const t = messages(catalog);

export interface Settings {
  currency: string;
  default_split: SplitType;
  /** The chosen language; null follows the browser; unknown (the settings did not load): left as saved. */
  language?: Language | null | undefined;
}

/** The Language choice's keys: a language, or the browser's. */
const BROWSER = 'browser';

/** Each language named in itself, as language pickers do: a person who cannot read the app still finds theirs. */
const languageOptions = () => [
  { id: BROWSER, label: t('languageBrowser') },
  // i18n-ignore: a language's own name, the same in every language of the app
  { id: 'en', label: 'English' },
  // i18n-ignore: a language's own name, the same in every language of the app
  { id: 'cs', label: 'Čeština' },
];

/**
 * Default Currency, Default Split Method and Language, saved with PUT /account-settings; a failure is only
 * logged. The language is spoken at once (and kept on this device), saved or not.
 */
export function AppSettings({ initial }: { initial: Settings }) {
  const currencies = useCurrencyOptions();
  const splitTypes = useSplitTypeOptions();
  const [currency, setCurrency] = useState(initial.currency);
  const [split, setSplit] = useState<SplitType>(initial.default_split);
  const [language, setLanguage] = useState<Language | null | undefined>(initial.language);
  const [saving, setSaving] = useState(false);
  const [notice, showNotice] = useTimedNotice();

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      await call(
        api.PUT('/account-settings', {
          body: { currency, defaultSplit: split, ...(language === undefined ? {} : { language }) },
        }),
        t('saveFailed'),
      );
      invalidate('account-settings');
      showNotice(t('saved'));
    } catch (error) {
      // Spec section 8: saving account settings failing is silent.
      console.error('Saving account settings failed', error);
    } finally {
      setSaving(false);
    }
    if (language !== undefined) chooseLanguage(language);
  };

  return (
    <Card as="section" aria-labelledby="app-settings-title" className={styles.section}>
      <h2 id="app-settings-title" className={styles.sectionTitle}>
        {t('appSettings')}
      </h2>
      <Form onSubmit={save} aria-labelledby="app-settings-title">
        <Select label={t('currency')} options={currencies} value={currency} onChange={setCurrency} />
        <Select
          label={t('split')}
          options={splitTypes}
          value={split}
          onChange={(value) => setSplit(value as SplitType)}
        />
        <Select
          label={t('language')}
          options={languageOptions()}
          value={language ?? BROWSER}
          onChange={(value) => setLanguage(value === 'en' || value === 'cs' ? value : null)}
        />
        {notice && <Alert tone="success">{notice}</Alert>}
        <Button type="submit" isPending={saving}>
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
}
