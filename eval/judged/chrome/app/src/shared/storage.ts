import { DEFAULT_SETTINGS, type Highlight, type Settings } from './types';

const SETTINGS_KEY = 'settings';
const HIGHLIGHTS_KEY = 'highlights';

export async function getSettings(): Promise<Settings> {
  const { [SETTINGS_KEY]: stored } = await chrome.storage.sync.get(SETTINGS_KEY);
  return { ...DEFAULT_SETTINGS, ...(stored ?? {}) };
}

export async function saveSettings(patch: Partial<Settings>): Promise<Settings> {
  const next = { ...(await getSettings()), ...patch };
  await chrome.storage.sync.set({ [SETTINGS_KEY]: next });
  return next;
}

// Highlights live in storage.local: sync has an 8 KB per-item quota.
export async function getHighlights(): Promise<Highlight[]> {
  const { [HIGHLIGHTS_KEY]: list } = await chrome.storage.local.get(HIGHLIGHTS_KEY);
  return (list as Highlight[] | undefined) ?? [];
}

export async function putHighlights(list: Highlight[]): Promise<void> {
  await chrome.storage.local.set({ [HIGHLIGHTS_KEY]: list });
}
