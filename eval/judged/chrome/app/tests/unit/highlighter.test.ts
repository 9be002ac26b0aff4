import { describe, expect, it } from 'vitest';
import { findTextRange } from '@/content/highlighter';

describe('findTextRange', () => {
  it('finds text inside a single node', () => {
    document.body.innerHTML = '<p>The quick brown fox</p>';
    expect(findTextRange(document.body, 'brown')?.toString()).toBe('brown');
  });
});
