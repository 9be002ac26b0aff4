import { describe, expect, it } from 'vitest';
import { formatDuration, InvalidDurationError } from '../src/index.js';

describe('formatDuration', () => {
  it('formats hours and minutes in English', () => {
    expect(formatDuration({ hours: 1, minutes: 5 })).toBe('1 hour 5 minutes');
  });
  it('respects maxUnits', () => {
    expect(formatDuration({ days: 2, hours: 3, minutes: 4 }, { maxUnits: 2 })).toBe('2 days 3 hours');
  });
  it('formats digital style', () => {
    expect(formatDuration({ hours: 1, seconds: 7 }, { style: 'digital' })).toBe('1:00:07');
  });
  it('rejects negative values', () => {
    expect(() => formatDuration({ hours: -1 })).toThrow(InvalidDurationError);
  });
});
