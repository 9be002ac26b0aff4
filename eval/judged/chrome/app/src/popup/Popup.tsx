import { useEffect, useState } from 'react';
import { sendMessage } from '@/shared/messages';
import type { Highlight } from '@/shared/types';
import { HighlightList } from '@/components/HighlightList';
import { useSettings } from '@/hooks/useSettings';

export function Popup() {
  const [items, setItems] = useState<Highlight[]>([]);
  const [url, setUrl] = useState<string>();
  const { settings } = useSettings();

  useEffect(() => {
    chrome.tabs.query({ active: true, currentWindow: true }).then(([tab]) => setUrl(tab?.url));
  }, []);

  useEffect(() => {
    if (url) sendMessage({ type: 'LIST_HIGHLIGHTS', payload: { url } }).then(setItems);
  }, [url]);

  const remove = async (id: string) => {
    await sendMessage({ type: 'DELETE_HIGHLIGHT', payload: { id } });
    setItems((prev) => prev.filter((h) => h.id !== id));
  };

  return (
    <main className="popup">
      <header>
        <h1>Snipmark</h1>
        {!settings.apiToken && <a href={chrome.runtime.getURL('src/options/index.html')} target="_blank">Connect account</a>}
      </header>
      <HighlightList items={items} onDelete={remove} />
      <button onClick={() => sendMessage({ type: 'SYNC_NOW' })}>Sync now</button>
    </main>
  );
}
