import type { Highlight, HighlightColor } from './types';

export type Message =
  | { type: 'SAVE_HIGHLIGHT'; payload: { url: string; text: string; color: HighlightColor } }
  | { type: 'LIST_HIGHLIGHTS'; payload: { url?: string } }
  | { type: 'DELETE_HIGHLIGHT'; payload: { id: string } }
  | { type: 'SYNC_NOW' };

export type MessageResponse<T extends Message['type']> = T extends 'LIST_HIGHLIGHTS'
  ? Highlight[]
  : T extends 'SAVE_HIGHLIGHT'
    ? Highlight
    : { ok: boolean };

export async function sendMessage<M extends Message>(msg: M): Promise<MessageResponse<M['type']>> {
  const res = await chrome.runtime.sendMessage(msg);
  if (res && typeof res === 'object' && 'error' in res) throw new Error(String(res.error));
  return res as MessageResponse<M['type']>;
}
