import type { FormatOptions, RelativeUnit } from '../types.js';
import { resolveLocale } from '../locale/resolve.js';

/** "3 days ago", "dans 2 heures". Uses Intl.RelativeTimeFormat. */
export function formatRelative(value: number, unit: RelativeUnit, options: FormatOptions & { numeric?: 'always' | 'auto' } = {}): string {
  const { tag } = resolveLocale(options.locale);
  return new Intl.RelativeTimeFormat(tag, { numeric: options.numeric ?? 'auto' }).format(value, unit);
}
