import type { ReactElement, ReactNode } from 'react';
import { OverlayArrow, Tooltip as RACTooltip, TooltipTrigger } from 'react-aria-components';
import * as styles from './Tooltip.css';

export interface TooltipProps {
  /** The focusable trigger: a react-aria Button (or anything using react-aria's focus and hover). */
  children: ReactElement;
  /** The tooltip text, shown on hover and on keyboard focus. */
  content: ReactNode;
  placement?: 'top' | 'bottom' | 'start' | 'end';
  /** Milliseconds of hover before it shows (focus shows at once). */
  delay?: number;
}

/**
 * A react-aria tooltip: shown on hover and keyboard focus, hidden on Escape, described to assistive
 * technology through the trigger's aria-describedby.
 */
export function Tooltip({ children, content, placement = 'top', delay = 300 }: TooltipProps) {
  return (
    <TooltipTrigger delay={delay} closeDelay={100}>
      {children}
      <RACTooltip placement={placement} offset={8} className={styles.tooltip}>
        <OverlayArrow className={styles.arrow}>
          <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
            <path d="M0 0 L5 5 L10 0" />
          </svg>
        </OverlayArrow>
        {content}
      </RACTooltip>
    </TooltipTrigger>
  );
}
