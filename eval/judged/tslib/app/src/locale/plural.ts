import { memo } from '../internal/cache.js';

const rules = memo((tag: string) => new Intl.PluralRules(tag), (tag) => tag);

export function pluralCategory(tag: string, n: number): Intl.LDMLPluralRule {
  return rules(tag).select(n);
}
