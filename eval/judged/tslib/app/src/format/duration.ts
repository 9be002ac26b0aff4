import type { DurationFormatOptions, DurationParts, DurationUnit } from '../types.js';
import { resolveLocale } from '../locale/resolve.js';
import { pluralCategory } from '../locale/plural.js';
import { assertDuration } from '../internal/assert.js';
import { UNIT_ORDER } from './normalize.js';

/**
 * Format a duration, e.g. `{ hours: 1, minutes: 5 }` → "1 hour 5 minutes".
 */
export function formatDuration(parts: DurationParts, options: DurationFormatOptions = {}): string {
  assertDuration(parts);
  const { style = 'long', maxUnits = Infinity } = options;
  const locale = resolveLocale(options.locale);
  const units = UNIT_ORDER.filter((u) => (parts[u] ?? 0) > 0).slice(0, maxUnits);
  if (style === 'digital') return formatDigital(parts);
  if (units.length === 0) return locale.data.zero[style];
  const words = units.map((u: DurationUnit) => {
    const n = parts[u] ?? 0;
    const forms = locale.data.units[u][style];
    return forms[pluralCategory(locale.tag, n)] ?? forms.other;
  });
  return locale.data.list(words.map((w, i) => w.replace('{n}', String(parts[units[i]!]))));
}

function formatDigital(parts: DurationParts): string {
  const h = parts.hours ?? 0;
  const m = String(parts.minutes ?? 0).padStart(2, '0');
  const s = String(parts.seconds ?? 0).padStart(2, '0');
  return `${h}:${m}:${s}`;
}
