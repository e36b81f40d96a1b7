import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as RACTabs } from 'react-aria-components';
import { cx } from './cx';
import * as styles from './Tabs.css';

export interface TabItem {
  id: string;
  label: string;
  /** The panel shown while this tab is selected. */
  content: ReactNode;
}

export interface TabsProps {
  /** Names the tab list for assistive technology ("Settle up"). */
  'aria-label': string;
  tabs: readonly TabItem[];
  /** Controlled selection (the tab's id). */
  selectedKey: string;
  onSelectionChange: (id: string) => void;
  className?: string;
}

/** Tabs with their panels (react-aria Tabs): arrow keys move between tabs, panels are labelled by them. */
export function Tabs({ tabs, selectedKey, onSelectionChange, className, ...props }: TabsProps) {
  return (
    <RACTabs
      selectedKey={selectedKey}
      onSelectionChange={(key) => onSelectionChange(String(key))}
      className={cx(styles.tabs, className)}
    >
      <TabList aria-label={props['aria-label']} className={styles.tabList}>
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className={styles.tab}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className={styles.panel}>
          {tab.content}
        </TabPanel>
      ))}
    </RACTabs>
  );
}
