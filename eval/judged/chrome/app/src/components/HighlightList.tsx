import type { Highlight } from '@/shared/types';

interface Props {
  items: Highlight[];
  onDelete: (id: string) => void;
}

export function HighlightList({ items, onDelete }: Props) {
  if (!items.length) return <p className="empty">No highlights on this page yet.</p>;
  return (
    <ul className="highlights">
      {items.map((h) => (
        <li key={h.id} data-color={h.color}>
          <q>{h.text}</q>
          <button aria-label="Delete highlight" onClick={() => onDelete(h.id)}>×</button>
        </li>
      ))}
    </ul>
  );
}
