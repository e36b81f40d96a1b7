import type { GroupBalances, GroupDetail } from '@kitty/api';
import {
  GROUP_DESCRIPTION_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  type SplitType,
  splitDetailsForMembers,
} from '@kitty/domain';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useCurrencyOptions, useSplitTypeOptions } from '../../components/configOptions';
import { Dialog } from '../../components/Dialog';
import { Select } from '../../components/Select';
import { TextAreaField } from '../../components/TextAreaField';
import { TextField } from '../../components/TextField';
import { ConfigureSplitDialog } from '../../components/split/ConfigureSplitDialog';
import { AddPersonControl } from './AddPersonControl';
import * as styles from './dialogs.css';
import { LeaveGroupSection } from './LeaveGroupSection';
import { SettingsMemberList } from './SettingsMemberList';
import { type GroupSettingsForm, useGroupSettingsForm } from './useGroupSettingsForm';
import catalog from '../../i18n/catalog/en/groupSettings.json';
import { messages } from '../../i18n/messages';
import { domainWords } from '../../i18n/domainWords';

const t = messages(catalog);
const english = domainWords(catalog);
/** The domain's English (field errors, refusals) in the active language. */
const words = (text: string | undefined) => (text === undefined ? undefined : english(text));

export interface GroupSettingsDialogProps {
  group: GroupDetail;
  balances: GroupBalances | undefined;
  currentUserId: string;
  onClose: () => void;
}

/**
 * The group's name and description: fields for its creator; for everyone else the same facts as text, with
 * who may change them (no disabled fields: they would be skipped by the keyboard and hard to read).
 */
function GroupDetailsFields({ group, settings }: { group: GroupDetail; settings: GroupSettingsForm }) {
  if (!settings.isCreator) {
    return (
      <section aria-labelledby="settings-details-title" className={styles.tightStack}>
        <h3 id="settings-details-title" className={styles.heading}>
          {t('details')}
        </h3>
        <dl className={styles.details}>
          <div>
            <dt>{t('name')}</dt>
            <dd>{group.name}</dd>
          </div>
          <div>
            <dt>{t('description')}</dt>
            <dd>{group.description?.trim() || t('none')}</dd>
          </div>
        </dl>
        <p className={styles.hint}>{t('creatorOnly')}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="settings-details-title" className={styles.tightStack}>
      <h3 id="settings-details-title" className={styles.heading}>
        {t('details')}
      </h3>
      <TextField
        label={t('name')}
        value={settings.form.name}
        onChange={settings.setName}
        maxLength={GROUP_NAME_MAX_LENGTH}
        isRequired
        errorMessage={words(settings.errors.name)}
      />
      <TextAreaField
        label={t('description')}
        description={t('descriptionHint')}
        value={settings.form.description}
        onChange={settings.setDescription}
        maxLength={GROUP_DESCRIPTION_MAX_LENGTH}
        rows={2}
      />
    </section>
  );
}

/** Group Settings: name and description (creator), currency, default split method, members, save; Leave Group. */
export function GroupSettingsDialog({ group, balances, currentUserId, onClose }: GroupSettingsDialogProps) {
  const settings = useGroupSettingsForm(group, balances, currentUserId);
  const { form, errors, notice } = settings;
  const currencies = useCurrencyOptions();
  const splitTypes = useSplitTypeOptions();
  const [splitOpen, setSplitOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const savedMembers = form.members.filter((m) => !m.isNew);

  return (
    <Dialog
      title={t('title')}
      size="lg"
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      footer={
        <div className={styles.footerColumn}>
          {notice && (
            <Alert tone={notice.tone}>
              {notice.lines.map((line) => (
                <span key={line} style={{ display: 'block' }}>
                  {line}
                </span>
              ))}
            </Alert>
          )}
          <div className={styles.actions}>
            <Button variant="ghost" onPress={onClose}>
              {t('close')}
            </Button>
            <Button isPending={settings.saving} onPress={() => void settings.save()}>
              {settings.saving ? t('saving') : t('save')}
            </Button>
          </div>
        </div>
      }
    >
      <div className={styles.stack}>
        <GroupDetailsFields group={group} settings={settings} />
        <Select
          label={t('currency')}
          options={currencies}
          value={form.currency}
          onChange={settings.setCurrency}
          placeholder={t('selectCurrency')}
          errorMessage={words(errors.currency)}
        />
        <div className={styles.tightStack}>
          <Select
            label={t('splitMethod')}
            options={splitTypes}
            value={form.splitType}
            onChange={(value) => {
              settings.setSplitType(value as SplitType);
              if (value !== 'equal') setSplitOpen(true);
            }}
            placeholder={t('selectSplitMethod')}
            errorMessage={words(errors.default_split_type)}
          />
          {form.splitType !== '' && form.splitType !== 'equal' && (
            <div>
              <Button variant="secondary" size="sm" onPress={() => setSplitOpen(true)}>
                {t('configureSplit')}
              </Button>
            </div>
          )}
        </div>

        <section aria-labelledby="settings-members-title" className={styles.tightStack}>
          <h3 id="settings-members-title" className={styles.heading}>
            {t('members')}
          </h3>
          {refusal && <Alert>{words(refusal)}</Alert>}
          {errors.members && <Alert>{words(errors.members)}</Alert>}
          <SettingsMemberList
            members={form.members}
            createdBy={group.created_by}
            nets={settings.nets}
            onRemove={(id) => {
              setRefusal(null);
              settings.removeMember(id);
            }}
            onRefuse={setRefusal}
          />
          <AddPersonControl
            members={form.members}
            onAdd={(member) => {
              setRefusal(null);
              settings.addMember(member);
            }}
          />
        </section>

        <LeaveGroupSection
          groupId={group.id}
          createdBy={group.created_by}
          currentUserId={currentUserId}
          ownNets={settings.nets[currentUserId] ?? [0]}
        />
      </div>

      {form.splitType !== '' && (
        <ConfigureSplitDialog
          isOpen={splitOpen}
          participants={savedMembers.map((m) => ({ id: m.id, name: m.name }))}
          splitType={form.splitType}
          details={splitDetailsForMembers(form.splitType, form.splitDetails, settings.savedIds)}
          currency={form.currency}
          onSave={(details) => {
            settings.setSplitDetails(details);
            setSplitOpen(false);
          }}
          onCancel={() => setSplitOpen(false)}
        />
      )}
    </Dialog>
  );
}
