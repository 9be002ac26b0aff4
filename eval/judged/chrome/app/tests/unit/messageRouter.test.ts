import { describe, expect, it } from 'vitest';
import { handleMessage } from '@/background/messageRouter';

describe('message router', () => {
  it('saves then lists a highlight for a url', async () => {
    await handleMessage({ type: 'SAVE_HIGHLIGHT', payload: { url: 'https://a.test/', text: 'hello', color: 'green' } }, {});
    const list = await handleMessage({ type: 'LIST_HIGHLIGHTS', payload: { url: 'https://a.test/' } }, {});
    expect(list).toHaveLength(1);
  });
});
