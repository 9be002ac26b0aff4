import { useEffect, useState } from 'react';
import { sendMessage } from '@/shared/messages';

export function SelectionToolbar() {
  const [pos, setPos] = useState<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const onUp = () => {
      const sel = window.getSelection();
      if (!sel || sel.isCollapsed) return setPos(null);
      const rect = sel.getRangeAt(0).getBoundingClientRect();
      setPos({ x: rect.left + window.scrollX, y: rect.top + window.scrollY - 36 });
    };
    document.addEventListener('mouseup', onUp);
    return () => document.removeEventListener('mouseup', onUp);
  }, []);

  if (!pos) return null;
  const save = () => {
    const text = window.getSelection()?.toString().trim();
    if (text) void sendMessage({ type: 'SAVE_HIGHLIGHT', payload: { url: location.href, text, color: 'yellow' } });
    setPos(null);
  };
  return (
    <button className="toolbar" style={{ left: pos.x, top: pos.y }} onClick={save}>
      Save highlight
    </button>
  );
}
