import type { LocaleData } from './types.js';
import { en } from './data/en.js';
import { UnsupportedLocaleError } from '../errors.js';

const registry = new Map<string, LocaleData>([['en', en]]);

export function registerLocale(data: LocaleData): void {
  registry.set(data.tag.toLowerCase(), data);
}

/** Resolve `fr-CA` → `fr-CA` if registered, else `fr`, else `en` (fallback chain). */
export function resolveLocale(tag = 'en'): { tag: string; data: LocaleData } {
  const parts = tag.toLowerCase().split('-');
  while (parts.length) {
    const data = registry.get(parts.join('-'));
    if (data) return { tag: data.tag, data };
    parts.pop();
  }
  if (tag.startsWith('x-')) throw new UnsupportedLocaleError(tag);
  return { tag: 'en', data: en };
}
