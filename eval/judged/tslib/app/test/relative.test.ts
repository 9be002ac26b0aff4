import { describe, expect, it } from 'vitest';
import { formatRelative } from '../src/index.js';

describe('formatRelative', () => {
  it('says yesterday with numeric auto', () => {
    expect(formatRelative(-1, 'day')).toBe('yesterday');
  });
  it('says 3 days ago with numeric always', () => {
    expect(formatRelative(-3, 'day', { numeric: 'always' })).toBe('3 days ago');
  });
});
