import type { DurationStyle, DurationUnit } from '../types.js';

export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export interface LocaleData {
  tag: string;
  units: Record<DurationUnit, Record<Exclude<DurationStyle, 'digital'>, PluralForms>>;
  zero: Record<Exclude<DurationStyle, 'digital'>, string>;
  list: (words: string[]) => string;
}
