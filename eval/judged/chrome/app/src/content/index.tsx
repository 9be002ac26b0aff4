import { createRoot } from 'react-dom/client';
import { SelectionToolbar } from './SelectionToolbar';
import { paintHighlights } from './highlighter';
import { sendMessage } from '@/shared/messages';
import styles from './content.css?inline';

const host = document.createElement('div');
host.id = 'snipmark-root';
const shadow = host.attachShadow({ mode: 'open' });
const style = document.createElement('style');
style.textContent = styles;
shadow.appendChild(style);
document.documentElement.appendChild(host);
createRoot(shadow).render(<SelectionToolbar />);

sendMessage({ type: 'LIST_HIGHLIGHTS', payload: { url: location.href } }).then(paintHighlights);

chrome.runtime.onMessage.addListener((msg) => {
  if (msg?.type === 'CAPTURE_SELECTION') {
    const text = window.getSelection()?.toString().trim();
    if (text) void sendMessage({ type: 'SAVE_HIGHLIGHT', payload: { url: location.href, text, color: 'yellow' } });
  }
});
