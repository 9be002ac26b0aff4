import { it } from 'vitest';
import fc from 'fast-check';
import { parseDuration } from '../../src/index.js';

it('parses any generated ISO duration', () => {
  fc.assert(fc.property(fc.nat(99), fc.nat(23), (d, h) => {
    const parsed = parseDuration(`P${d}DT${h}H`);
    return (parsed.days ?? 0) === d && (parsed.hours ?? 0) === h;
  }));
});
