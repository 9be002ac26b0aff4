import { ApiClient } from '@/shared/api';
import { getHighlights, getSettings, putHighlights } from '@/shared/storage';

export function scheduleSync() {
  chrome.alarms.create('snipmark-sync', { periodInMinutes: 15 });
}

export async function runSync(): Promise<void> {
  const settings = await getSettings();
  if (!settings.autoSync || !settings.apiToken) return;
  const api = new ApiClient(settings.apiBaseUrl, settings.apiToken);
  const all = await getHighlights();
  const pending = all.filter((h) => !h.synced);
  if (pending.length) {
    await api.pushHighlights(pending);
    await putHighlights(all.map((h) => ({ ...h, synced: true })));
  }
}
