import * as styles from './Brand.css';
import { cx } from './cx';
import { KittyMark } from './icons';

export const PRODUCT_NAME = 'Kitty';
export const TAGLINE = 'Manage shared expenses with friends, simply.';

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
