import type { SettlementSuggestion } from '@kitty/api';
import { decimalToMinor } from '@kitty/domain';
import { money } from '../../i18n/format';
import { activeLanguage, activeLocale } from '../../i18n/language';
import catalog from '../../i18n/catalog/en/settleUp.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/**
 * Why this transfer: the server's own sentence in English (the spec's words, with what the payer owes in other
 * currencies); in another language the same facts the suggestion carries, from the catalog.
 */
export function suggestionExplanation(s: SettlementSuggestion): string {
  const minor = decimalToMinor(s.amount, s.currency);
  const debt = decimalToMinor(s.payer_debt, s.currency);
  const elsewhere = s.payer_owes_elsewhere.map((o) => ({
    ...o,
    minor: decimalToMinor(o.amount, o.currency),
  }));
  if (activeLanguage() === 'en' || minor === null || debt === null || elsewhere.some((o) => o.minor === null))
    return s.explanation;
  const values = {
    payer: s.payer.display_name,
    receiver: s.receiver.display_name,
    amount: money(minor, s.currency),
    debt: money(debt, s.currency),
    currency: s.currency,
    elsewhere: new Intl.ListFormat(activeLocale(), { type: 'conjunction' }).format(
      elsewhere.map((o) => money(o.minor ?? 0, o.currency)),
    ),
    percent: new Intl.NumberFormat(activeLocale(), { style: 'percent', maximumFractionDigits: 2 }).format(
      s.settles_percentage / 100,
    ),
  };
  const whole = s.settles_percentage >= 100;
  if (elsewhere.length === 0) return whole ? t('settlesWhole', values) : t('settlesPart', values);
  return whole ? t('settlesCurrency', values) : t('settlesPartCurrency', values);
}
