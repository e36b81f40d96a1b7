import { Link as RACLink, type LinkProps as RACLinkProps } from 'react-aria-components';
import { type ButtonVariants, button } from './buttonClass';
import { cx } from './cx';

export interface LinkButtonProps extends Omit<RACLinkProps, 'className'>, ButtonVariants {
  /** An app path such as "/expenses/create"; navigation goes through the router. */
  href: string;
  className?: string;
}

/** A link (it navigates, role "link") that looks like a button: "Add Expense", "New Group". */
export function LinkButton({ variant, size, fullWidth, className, ...props }: LinkButtonProps) {
  return <RACLink {...props} className={cx(button({ variant, size, fullWidth }), className)} />;
}
