import { money as formatMoney } from '../../i18n/format';
import catalog from '../../i18n/catalog/en/statistics.json';
import { messages } from '../../i18n/messages';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { vars } from '../../theme/theme.css';
import * as styles from './StatisticsScreen.css';

// Only what bar charts need: Chart.js is tree-shaken to these pieces, in this route's chunk alone.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const t = messages(catalog);

export type BarTone = 'primary' | 'muted';

export interface BarSeries {
  label: string;
  /** Integer minor units of `currency`, one per label. */
  values: number[];
  tone: BarTone;
}

export interface BarChartProps {
  labels: string[];
  series: BarSeries[];
  currency: string;
  /** Bars along the x axis (categories, people) rather than up the y axis (months). */
  horizontal?: boolean;
}

/** The value of a theme colour (vars.color.* is `var(--name)`), so the canvas follows light and dark. */
function themeColor(cssVar: string): string {
  const name = /var\((--[^),]+)/.exec(cssVar)?.[1];
  return (name && getComputedStyle(document.documentElement).getPropertyValue(name).trim()) || '#4338ca';
}

const TONES: Record<BarTone, string> = { primary: vars.color.primary, muted: vars.color.borderStrong };

/**
 * A Chart.js bar chart of money. It is a picture for the eye: hidden from assistive technology, the table
 * beside it says the same. Amounts stay integer minor units; ticks and tooltips are written by the
 * domain's formatMoneyWithSymbol, the ticks kept whole so no unit is ever split.
 */
export function BarChart({ labels, series, currency, horizontal = false }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const text = themeColor(vars.color.textMuted);
    const grid = themeColor(vars.color.border);
    const money = (value: number | string) => formatMoney(Math.round(Number(value)), currency);
    const valueAxis = {
      beginAtZero: true,
      ticks: { precision: 0, color: text, callback: money },
      grid: { color: grid },
    };
    const labelAxis = { ticks: { color: text }, grid: { display: false } };
    const config: ChartConfiguration<'bar', number[], string> = {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((s) => ({
          label: s.label,
          data: s.values,
          backgroundColor: themeColor(TONES[s.tone]),
          borderRadius: 4,
          maxBarThickness: 40,
        })),
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
        plugins: {
          legend: { display: series.length > 1, labels: { color: text } },
          tooltip: {
            callbacks: {
              label: (item) =>
                t('tooltip', {
                  series: item.dataset.label ?? '',
                  amount: money(item.parsed[horizontal ? 'x' : 'y'] ?? 0),
                }),
            },
          },
        },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [labels, series, currency, horizontal]);

  const rows = labels.length;
  const height = horizontal ? Math.max(160, rows * 40 * Math.max(1, series.length * 0.75) + 60) : 240;
  return (
    <div className={styles.chartBox} style={{ height }} aria-hidden="true">
      <canvas ref={canvas} />
    </div>
  );
}
