import { getSettings } from '@/shared/storage';
import { handleMessage } from './messageRouter';

export function registerContextMenus() {
  chrome.contextMenus.create({ id: 'snipmark-save', title: 'Save to Snipmark', contexts: ['selection'] });
}

export async function onContextMenuClick(info: chrome.contextMenus.OnClickData, tab?: chrome.tabs.Tab) {
  if (info.menuItemId !== 'snipmark-save' || !info.selectionText || !tab?.url) return;
  const { defaultColor } = await getSettings();
  await handleMessage(
    { type: 'SAVE_HIGHLIGHT', payload: { url: tab.url, text: info.selectionText, color: defaultColor } },
    { tab },
  );
}
