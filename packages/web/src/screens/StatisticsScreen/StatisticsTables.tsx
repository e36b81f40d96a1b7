import catalog from '../../i18n/catalog/en/statistics.json';
import { messages } from '../../i18n/messages';
import * as styles from './StatisticsScreen.css';
import { type PaidShareRow, percentText, type ShareRow } from './statisticsView';

const t = messages(catalog);

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
      headings={[heading, amountHeading, t('ofTotal')]}
      rows={rows.map((r) => ({ key: r.key, label: r.label, cells: [r.amount, r.percent] }))}
      total={{ key: 'total', label: t('total'), cells: [total, percentText(1000)] }}
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
      headings={[heading, t('paid'), t('share')]}
      rows={rows.map((r) => ({ key: r.key, label: r.label, cells: [r.paid, r.share] }))}
    />
  );
}
