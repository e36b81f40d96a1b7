import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-aria-components';
import { useMatch } from 'react-router';
import * as styles from './BottomNav.css';
import { AccountIcon, GroupsIcon, HomeIcon } from './icons';
import catalog from '../i18n/catalog/en/shell.json';
import { messages } from '../i18n/messages';

const t = messages(catalog);

interface Tab {
  label: 'home' | 'groups' | 'account';
  href: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

export const tabs: readonly Tab[] = [
  { label: 'home', href: '/dashboard', Icon: HomeIcon },
  { label: 'groups', href: '/groups', Icon: GroupsIcon },
  { label: 'account', href: '/account', Icon: AccountIcon },
];

function TabLink({ label, href, Icon }: Tab) {
  // A tab stays active on its sub-pages: Groups is current on /groups/123 too.
  const active = useMatch({ path: href, end: false }) !== null;
  return (
    <Link href={href} className={styles.tab} aria-current={active ? 'page' : undefined}>
      <Icon />
      <span>{t(label)}</span>
    </Link>
  );
}

/** The three-tab bar of signed-in screens: Home, Groups, Account; the active tab highlighted. */
export function BottomNav() {
  return (
    <nav aria-label={t('mainNav')} className={styles.nav}>
      <ul className={styles.list}>
        {tabs.map((tab) => (
          <li key={tab.href}>
            <TabLink {...tab} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
