import type { Message } from '@/shared/messages';
import { getHighlights, putHighlights } from '@/shared/storage';
import type { Highlight } from '@/shared/types';
import { runSync } from './sync';

export async function handleMessage(msg: Message, _sender: chrome.runtime.MessageSender) {
  switch (msg.type) {
    case 'SAVE_HIGHLIGHT': {
      const h: Highlight = { id: crypto.randomUUID(), createdAt: Date.now(), synced: false, ...msg.payload };
      await putHighlights([...(await getHighlights()), h]);
      return h;
    }
    case 'LIST_HIGHLIGHTS': {
      const all = await getHighlights();
      return msg.payload.url ? all.filter((h) => h.url === msg.payload.url) : all;
    }
    case 'DELETE_HIGHLIGHT': {
      await putHighlights((await getHighlights()).filter((h) => h.id !== msg.payload.id));
      return { ok: true };
    }
    case 'SYNC_NOW':
      await runSync();
      return { ok: true };
    default:
      throw new Error(`Unknown message ${(msg as { type: string }).type}`);
  }
}
