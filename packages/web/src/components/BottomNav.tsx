import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-aria-components';
import { useMatch } from 'react-router';
import * as styles from './BottomNav.css';
import { AccountIcon, GroupsIcon, HomeIcon } from './icons';

interface Tab {
  label: string;
  href: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

export const tabs: readonly Tab[] = [
  { label: 'Home', href: '/dashboard', Icon: HomeIcon },
  { label: 'Groups', href: '/groups', Icon: GroupsIcon },
  { label: 'Account', href: '/account', Icon: AccountIcon },
];

function TabLink({ label, href, Icon }: Tab) {
  // A tab stays active on its sub-pages: Groups is current on /groups/123 too.
  const active = useMatch({ path: href, end: false }) !== null;
  return (
    <Link href={href} className={styles.tab} aria-current={active ? 'page' : undefined}>
      <Icon />
      <span>{label}</span>
    </Link>
  );
}

/** The three-tab bar of signed-in screens: Home, Groups, Account; the active tab highlighted. */
export function BottomNav() {
  return (
    <nav aria-label="Main" className={styles.nav}>
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
