import {
  formatDateTime,
  formatMoneyWithSymbol,
  formatShortDate,
  formatTime,
  type MoneyFormatOptions,
} from '@kitty/domain';
import { activeLocale } from './language';

// The domain's formatters in the active locale: the one place the web binds them to it.

export const money = (minor: number, currency: string, options: Omit<MoneyFormatOptions, 'locale'> = {}) =>
  formatMoneyWithSymbol(minor, currency, { ...options, locale: activeLocale() });

export const shortDate = (value: string | Date) => formatShortDate(value, activeLocale());

export const dateTime = (value: string | Date) => formatDateTime(value, activeLocale());

export const time = (value: Date) => formatTime(value, activeLocale());
