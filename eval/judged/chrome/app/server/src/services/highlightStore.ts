export interface StoredHighlight {
  id: string;
  url: string;
  text: string;
  color: 'yellow' | 'green' | 'pink';
  createdAt: number;
}

class InMemoryHighlightStore {
  private byUser = new Map<string, Map<string, StoredHighlight>>();

  private bucket(userId: string) {
    let b = this.byUser.get(userId);
    if (!b) this.byUser.set(userId, (b = new Map()));
    return b;
  }

  listSince(userId: string, since: number): StoredHighlight[] {
    return [...this.bucket(userId).values()].filter((h) => h.createdAt > since);
  }

  upsertMany(userId: string, items: StoredHighlight[]): number {
    const b = this.bucket(userId);
    for (const it of items) b.set(it.id, it);
    return items.length;
  }

  remove(userId: string, id: string) {
    this.bucket(userId).delete(id);
  }
}

export const highlightStore = new InMemoryHighlightStore();
