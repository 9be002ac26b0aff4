import { handleMessage } from './messageRouter';
import { registerContextMenus, onContextMenuClick } from './contextMenus';
import { scheduleSync, runSync } from './sync';

chrome.runtime.onInstalled.addListener(() => {
  registerContextMenus();
  scheduleSync();
});

chrome.runtime.onMessage.addListener((msg, sender, sendResponse) => {
  handleMessage(msg, sender)
    .then(sendResponse)
    .catch((err: Error) => sendResponse({ error: err.message }));
  return true; // keep the channel open for the async response
});

chrome.contextMenus.onClicked.addListener(onContextMenuClick);

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === 'snipmark-sync') void runSync();
});

chrome.commands.onCommand.addListener(async (command, tab) => {
  if (command !== 'save-selection' || !tab?.id) return;
  await chrome.tabs.sendMessage(tab.id, { type: 'CAPTURE_SELECTION' });
});
