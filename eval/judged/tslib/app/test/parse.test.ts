import { describe, expect, it } from 'vitest';
import { parseDuration } from '../src/index.js';

describe('parseDuration', () => {
  it.each([
    ['P1D', { days: 1 }],
    ['PT2H30M', { hours: 2, minutes: 30 }],
    ['PT1.5S', { seconds: 1, milliseconds: 500 }],
  ])('parses %s', (input, expected) => {
    expect(parseDuration(input)).toEqual(expected);
  });
  it('rejects a bare P', () => {
    expect(() => parseDuration('P')).toThrow();
  });
});
