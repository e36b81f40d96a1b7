import type { SVGProps } from 'react';
import * as styles from './Brand.css';
import { cx } from './cx';

// The mark lives here rather than in icons.tsx: Brand is on the sign-in page, and icons.tsx as a whole would
// then come with the first download.
/** The Kitty mark: a coin jar. Decorative; the word "Kitty" beside it names it. */
function KittyMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" {...props}>
      <rect width="32" height="32" rx="9" fill="currentColor" />
      <path
        d="M10 12.5c0-1.4 1.1-2.5 2.5-2.5h7c1.4 0 2.5 1.1 2.5 2.5V22a3 3 0 0 1-3 3h-6a3 3 0 0 1-3-3z"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
      />
      <path d="M12 7h8" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <circle cx="16" cy="18" r="2.6" fill="#fff" />
    </svg>
  );
}

export const PRODUCT_NAME = 'Kitty';

/** The product mark and name. Not a heading: each screen's h1 is its own title. */
export function Brand({ size = 'small' }: { size?: 'small' | 'large' }) {
  const px = size === 'large' ? 40 : 28;
  return (
    <span className={cx(styles.brand, size === 'large' ? styles.large : styles.small)}>
      <KittyMark width={px} height={px} className={styles.mark} />
      {PRODUCT_NAME}
    </span>
  );
}
