import { render, screen, fireEvent } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HighlightList } from '@/components/HighlightList';

describe('<HighlightList />', () => {
  it('shows the empty state', () => {
    render(<HighlightList items={[]} onDelete={vi.fn()} />);
    expect(screen.getByText(/no highlights/i)).toBeInTheDocument();
  });

  it('calls onDelete with the id', () => {
    const onDelete = vi.fn();
    render(<HighlightList items={[{ id: 'h1', url: 'u', text: 't', color: 'yellow', createdAt: 0, synced: false }]} onDelete={onDelete} />);
    fireEvent.click(screen.getByLabelText('Delete highlight'));
    expect(onDelete).toHaveBeenCalledWith('h1');
  });
});
