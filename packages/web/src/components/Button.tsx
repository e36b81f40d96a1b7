import {
  composeRenderProps,
  Button as RACButton,
  type ButtonProps as RACButtonProps,
} from 'react-aria-components';
import { type ButtonVariants, button } from './buttonClass';
import { cx } from './cx';
import { Spinner } from './Spinner';

export interface ButtonProps extends Omit<RACButtonProps, 'className' | 'isPending'>, ButtonVariants {
  /**
   * The loading state: the button keeps focus, reports aria-disabled, ignores presses, cannot submit its
   * form again, and shows a spinner. Pass the busy label as children ("Signing in...").
   */
  isPending?: boolean;
  className?: string;
}

/**
 * A react-aria Button. Pending is handled here rather than by react-aria's `isPending`: that one
 * announces through a global live region whose `aria-labelledby` points at the button, and when the
 * button is gone a moment later (sign-in, save-and-navigate) the region is left pointing at nothing.
 */
export function Button({
  variant,
  size,
  fullWidth,
  className,
  children,
  isPending = false,
  type,
  onPress,
  ...props
}: ButtonProps) {
  return (
    <RACButton
      {...props}
      type={isPending && type === 'submit' ? 'button' : type}
      onPress={isPending ? undefined : onPress}
      aria-disabled={isPending || undefined}
      data-pending={isPending || undefined}
      className={cx(button({ variant, size, fullWidth }), className)}
    >
      {composeRenderProps(children, (content) => (
        <>
          {isPending && <Spinner size="sm" />}
          {content}
        </>
      ))}
    </RACButton>
  );
}
