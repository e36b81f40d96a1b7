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
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">{amountHeading}</th>
          <th scope="col">Of total</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>{row.amount}</td>
            <td>{row.percent}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td>{total}</td>
          <td>100%</td>
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
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">Paid</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>{row.paid}</td>
            <td>{row.share}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
