import type { GroupBalances, GroupDetail } from '@kitty/api';
import { type SplitType, splitDetailsForMembers } from '@kitty/domain';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useCurrencyOptions, useSplitTypeOptions } from '../../components/configOptions';
import { Dialog } from '../../components/Dialog';
import { Select } from '../../components/Select';
import { ConfigureSplitDialog } from '../../components/split/ConfigureSplitDialog';
import { AddPersonControl } from './AddPersonControl';
import * as styles from './dialogs.css';
import { LeaveGroupSection } from './LeaveGroupSection';
import { SettingsMemberList } from './SettingsMemberList';
import { useGroupSettingsForm } from './useGroupSettingsForm';

export interface GroupSettingsDialogProps {
  group: GroupDetail;
  balances: GroupBalances | undefined;
  currentUserId: string;
  onClose: () => void;
}

/** Group Settings: currency, default split method, members (add, remove), save; Leave Group. */
export function GroupSettingsDialog({ group, balances, currentUserId, onClose }: GroupSettingsDialogProps) {
  const settings = useGroupSettingsForm(group, balances);
  const { form, errors, notice } = settings;
  const currencies = useCurrencyOptions();
  const splitTypes = useSplitTypeOptions();
  const [splitOpen, setSplitOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const savedMembers = form.members.filter((m) => !m.isNew);

  return (
    <Dialog
      title="Group Settings"
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
              Close
            </Button>
            <Button isPending={settings.saving} onPress={() => void settings.save()}>
              {settings.saving ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </div>
      }
    >
      <div className={styles.stack}>
        <Select
          label="Currency"
          options={currencies}
          value={form.currency}
          onChange={settings.setCurrency}
          placeholder="Select a currency"
          errorMessage={errors.currency}
        />
        <div className={styles.tightStack}>
          <Select
            label="Default Split Method"
            options={splitTypes}
            value={form.splitType}
            onChange={(value) => {
              settings.setSplitType(value as SplitType);
              if (value !== 'equal') setSplitOpen(true);
            }}
            placeholder="Select a split method"
            errorMessage={errors.default_split_type}
          />
          {form.splitType !== '' && form.splitType !== 'equal' && (
            <div>
              <Button variant="secondary" size="sm" onPress={() => setSplitOpen(true)}>
                Configure Split
              </Button>
            </div>
          )}
        </div>

        <section aria-labelledby="settings-members-title" className={styles.tightStack}>
          <h3 id="settings-members-title" className={styles.heading}>
            Members
          </h3>
          {refusal && <Alert>{refusal}</Alert>}
          {errors.members && <Alert>{errors.members}</Alert>}
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
