import { call } from '@kitty/api';
import type { SplitType } from '@kitty/domain';
import { type FormEvent, useState } from 'react';
import { api } from '../../api';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { useCurrencyOptions, useSplitTypeOptions } from '../../components/configOptions';
import { Form } from '../../components/Form';
import { Select } from '../../components/Select';
import { invalidate } from '../../flows/resource';
import * as styles from './AccountScreen.css';
import { useTimedNotice } from './useTimedNotice';

export interface Settings {
  currency: string;
  default_split: SplitType;
}

/** Default Currency and Default Split Method, saved with PUT /account-settings; a failure is only logged. */
export function AppSettings({ initial }: { initial: Settings }) {
  const currencies = useCurrencyOptions();
  const splitTypes = useSplitTypeOptions();
  const [currency, setCurrency] = useState(initial.currency);
  const [split, setSplit] = useState<SplitType>(initial.default_split);
  const [saving, setSaving] = useState(false);
  const [notice, showNotice] = useTimedNotice();

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      await call(
        api.PUT('/account-settings', { body: { currency, defaultSplit: split } }),
        'Failed to save settings',
      );
      invalidate('account-settings');
      showNotice('Settings saved successfully');
    } catch (error) {
      // Spec section 8: saving account settings failing is silent.
      console.error('Saving account settings failed', error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card as="section" aria-labelledby="app-settings-title" className={styles.section}>
      <h2 id="app-settings-title" className={styles.sectionTitle}>
        App Settings
      </h2>
      <Form onSubmit={save} aria-labelledby="app-settings-title">
        <Select label="Default Currency" options={currencies} value={currency} onChange={setCurrency} />
        <Select
          label="Default Split Method"
          options={splitTypes}
          value={split}
          onChange={(value) => setSplit(value as SplitType)}
        />
        {notice && <Alert tone="success">{notice}</Alert>}
        <Button type="submit" isPending={saving}>
          Save Settings
        </Button>
      </Form>
    </Card>
  );
}
