import type { PaidShareRow, ShareRow } from './statisticsView';
import * as styles from './StatisticsScreen.css';

/** A table of amounts and their share of the total: what a chart shows, for everyone. */
export function ShareTable({
  caption,
  heading,
  amountHeading,
  rows,
  total,
}: {
  caption: string;
  heading: string;
  amountHeading: string;
  rows: ShareRow[];
  total: string;
}) {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col" className={styles.number}>
            {amountHeading}
          </th>
          <th scope="col" className={styles.number}>
            Of total
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td className={styles.number}>{row.amount}</td>
            <td className={styles.number}>{row.percent}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td className={styles.number}>{total}</td>
          <td className={styles.number}>100%</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** What each person (or each group) paid beside their share of the expenses. */
export function PaidShareTable({
  caption,
  heading,
  rows,
}: {
  caption: string;
  heading: string;
  rows: PaidShareRow[];
}) {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col" className={styles.number}>
            Paid
          </th>
          <th scope="col" className={styles.number}>
            Share
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td className={styles.number}>{row.paid}</td>
            <td className={styles.number}>{row.share}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
