import type { FormatOptions } from '../types.js';
import { resolveLocale } from '../locale/resolve.js';
import { memo } from '../internal/cache.js';

export interface DateFormatOptions extends FormatOptions {
  dateStyle?: 'full' | 'long' | 'medium' | 'short';
  timeStyle?: 'full' | 'long' | 'medium' | 'short';
  timeZone?: string;
}

const getFormatter = memo(
  (locale: string, key: string, opts: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, opts),
  (locale, key) => `${locale}|${key}`,
);

/**
 * Format a date with the locale's conventions.
 * @example formatDate(new Date(0), { locale: 'fr', dateStyle: 'long', timeZone: 'UTC' }) // "1 janvier 1970"
 */
export function formatDate(date: Date | number, options: DateFormatOptions = {}): string {
  const { locale, ...rest } = options;
  const tag = resolveLocale(locale).tag;
  return getFormatter(tag, JSON.stringify(rest), rest).format(date);
}
