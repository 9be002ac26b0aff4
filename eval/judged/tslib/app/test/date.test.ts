import { describe, expect, it } from 'vitest';
import { formatDate } from '../src/index.js';

describe('formatDate', () => {
  it('uses the UTC time zone when asked', () => {
    expect(formatDate(0, { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Jan 1, 1970');
  });
});
