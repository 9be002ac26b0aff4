import type { Highlight } from '@/shared/types';

const COLORS: Record<Highlight['color'], string> = { yellow: '#fff59d', green: '#c5e1a5', pink: '#f8bbd0' };

export function paintHighlights(list: Highlight[]) {
  for (const h of list) {
    const range = findTextRange(document.body, h.text);
    if (!range) continue;
    const mark = document.createElement('mark');
    mark.dataset.snipmarkId = h.id;
    mark.style.background = COLORS[h.color];
    try {
      range.surroundContents(mark);
    } catch {
      // the range crosses element boundaries; skip it rather than break the page
    }
  }
}

export function findTextRange(root: Node, needle: string): Range | null {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const idx = node.textContent?.indexOf(needle) ?? -1;
    if (idx >= 0) {
      const range = document.createRange();
      range.setStart(node, idx);
      range.setEnd(node, idx + needle.length);
      return range;
    }
  }
  return null;
}
