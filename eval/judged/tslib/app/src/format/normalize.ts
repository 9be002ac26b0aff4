import type { DurationParts, DurationUnit } from '../types.js';

export const UNIT_ORDER: readonly DurationUnit[] = [
  'years', 'months', 'weeks', 'days', 'hours', 'minutes', 'seconds', 'milliseconds',
];

const MS: Partial<Record<DurationUnit, number>> = {
  weeks: 604_800_000, days: 86_400_000, hours: 3_600_000, minutes: 60_000, seconds: 1000, milliseconds: 1,
};

/** Carry overflowing units upwards (90 minutes → 1 hour 30 minutes). Months and years are left alone. */
export function normalizeDuration(parts: DurationParts): DurationParts {
  let total = 0;
  for (const [unit, ms] of Object.entries(MS)) total += (parts[unit as DurationUnit] ?? 0) * ms;
  const out: DurationParts = { ...(parts.years ? { years: parts.years } : {}), ...(parts.months ? { months: parts.months } : {}) };
  for (const unit of ['days', 'hours', 'minutes', 'seconds', 'milliseconds'] as const) {
    const ms = MS[unit]!;
    const n = Math.floor(total / ms);
    if (n > 0) out[unit] = n;
    total -= n * ms;
  }
  return out;
}
