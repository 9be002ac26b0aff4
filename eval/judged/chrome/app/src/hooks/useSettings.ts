import { useCallback, useEffect, useState } from 'react';
import { getSettings, saveSettings } from '@/shared/storage';
import { DEFAULT_SETTINGS, type Settings } from '@/shared/types';

export function useSettings() {
  const [settings, setSettings] = useState<Settings>(DEFAULT_SETTINGS);

  useEffect(() => {
    getSettings().then(setSettings);
    const onChanged = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
      if (area === 'sync' && changes.settings) setSettings({ ...DEFAULT_SETTINGS, ...changes.settings.newValue });
    };
    chrome.storage.onChanged.addListener(onChanged);
    return () => chrome.storage.onChanged.removeListener(onChanged);
  }, []);

  const update = useCallback(async (patch: Partial<Settings>) => setSettings(await saveSettings(patch)), []);
  return { settings, update };
}
