import { Link as RACLink, type LinkProps as RACLinkProps } from 'react-aria-components';
import { cx } from './cx';
import * as styles from './Link.css';

export interface LinkProps extends Omit<RACLinkProps, 'className'> {
  className?: string;
}

/** An inline text link; app paths navigate through the router (see RootLayout). */
export function Link({ className, ...props }: LinkProps) {
  return <RACLink {...props} className={cx(styles.link, className)} />;
}
