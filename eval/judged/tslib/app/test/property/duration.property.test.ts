import { describe, it } from 'vitest';
import fc from 'fast-check';
import { normalizeDuration, formatDuration } from '../../src/index.js';

const arbParts = fc.record(
  { days: fc.nat(400), hours: fc.nat(100), minutes: fc.nat(1000), seconds: fc.nat(10_000) },
  { requiredKeys: [] },
);

describe('duration properties', () => {
  it('normalize is idempotent', () => {
    fc.assert(fc.property(arbParts, (p) => {
      const once = normalizeDuration(p);
      return JSON.stringify(normalizeDuration(once)) === JSON.stringify(once);
    }));
  });
  it('formatDuration never throws on valid parts', () => {
    fc.assert(fc.property(arbParts, fc.constantFrom('en', 'fr', 'de'), (p, locale) => {
      formatDuration(p, { locale });
    }));
  });
});
