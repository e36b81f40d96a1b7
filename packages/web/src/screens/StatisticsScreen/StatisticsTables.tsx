import type { PaidShareRow, ShareRow } from './statisticsView';
import * as styles from './StatisticsScreen.css';

interface TableRow {
  key: string;
  label: string;
  cells: [string, string];
}

/** A chart's table: a caption, three column headers, a row header per line, and an optional total line. */
function StatisticsTable({
  caption,
  headings,
  rows,
  total,
}: {
  caption: string;
  headings: [string, string, string];
  rows: TableRow[];
  total?: TableRow;
}) {
  const line = (row: TableRow) => (
    <tr key={row.key}>
      <th scope="row">{row.label}</th>
      <td>{row.cells[0]}</td>
      <td>{row.cells[1]}</td>
    </tr>
  );
  return (
    <table className={styles.table}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headings.map((heading) => (
            <th key={heading} scope="col">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{rows.map(line)}</tbody>
      {total && <tfoot>{line(total)}</tfoot>}
    </table>
  );
}

/** Amounts and their share of the total: what a chart shows, for everyone. */
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
    <StatisticsTable
      caption={caption}
      headings={[heading, amountHeading, 'Of total']}
      rows={rows.map((r) => ({ key: r.key, label: r.label, cells: [r.amount, r.percent] }))}
      total={{ key: 'total', label: 'Total', cells: [total, '100%'] }}
    />
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
    <StatisticsTable
      caption={caption}
      headings={[heading, 'Paid', 'Share']}
      rows={rows.map((r) => ({ key: r.key, label: r.label, cells: [r.paid, r.share] }))}
    />
  );
}
