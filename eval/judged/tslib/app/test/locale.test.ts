import { describe, expect, it } from 'vitest';
import { registerLocale, resolveLocale } from '../src/index.js';
import { fr } from '../src/locale/data/fr.js';

describe('resolveLocale', () => {
  it('falls back from fr-CA to fr', () => {
    registerLocale(fr);
    expect(resolveLocale('fr-CA').tag).toBe('fr');
  });
  it('falls back to en for unknown tags', () => {
    expect(resolveLocale('zz').tag).toBe('en');
  });
});
