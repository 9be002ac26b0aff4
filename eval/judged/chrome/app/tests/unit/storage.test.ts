import { describe, expect, it } from 'vitest';
import { getSettings, saveSettings } from '@/shared/storage';
import { DEFAULT_SETTINGS } from '@/shared/types';

describe('settings storage', () => {
  it('returns defaults when nothing is stored', async () => {
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('merges a patch into stored settings', async () => {
    await saveSettings({ defaultColor: 'pink' });
    expect((await getSettings()).defaultColor).toBe('pink');
  });
});
