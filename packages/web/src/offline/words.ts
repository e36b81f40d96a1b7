import { decimalToMinor } from '@kitty/domain';
import catalog from '../i18n/catalog/en/offline.json';
import { money } from '../i18n/format';
import { messages } from '../i18n/messages';
import type { Failure, QueuedWrite } from './outbox';

const t = messages(catalog);

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

function amountOf(body: unknown): string {
  const currency = String(field(body, 'currency') ?? '');
  const minor = decimalToMinor(field(body, 'amount') as number | string | null | undefined, currency);
  return minor === null ? '' : money(minor, currency);
}

/** What a queued write is, in a line: "Dinner: €12.50", "Payment of €40.00", "Comment: see you". */
export function writeLabel(write: Pick<QueuedWrite, 'kind' | 'body'>): string {
  if (write.kind === 'comment') return t('comment', { text: String(field(write.body, 'text') ?? '') });
  if (write.kind === 'settlement') return t('settlement', { amount: amountOf(write.body) });
  return t('expense', {
    description: String(field(write.body, 'description') ?? ''),
    amount: amountOf(write.body),
  });
}

/** Why the server refused a queued write, by its status (and the one code a status does not tell). */
export function failureWords(failure: Failure | null): string {
  const status = failure?.status ?? 0;
  if (status === 409) return t('conflict');
  // A personal item naming someone who blocked its sender: no group is involved.
  if (failure?.code === 'BLOCKED_BY_PERSON') return t('blocked');
  if (status === 403) return t('forbidden');
  if (status === 404) return t('gone');
  if (status === 400 || status === 422) return t('invalid');
  return t('refused', { status });
}

export { t as offlineWords };
