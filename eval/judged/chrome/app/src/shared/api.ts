import { z } from 'zod';
import type { Highlight } from './types';

const HighlightDto = z.object({
  id: z.string(),
  url: z.string().url(),
  text: z.string(),
  color: z.enum(['yellow', 'green', 'pink']),
  createdAt: z.number(),
});

export class ApiClient {
  constructor(
    private baseUrl: string,
    private token: string | null,
  ) {}

  private async request<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      ...init,
      headers: {
        'Content-Type': 'application/json',
        ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
      },
    });
    if (!res.ok) throw new Error(`API ${res.status} on ${path}`);
    return res.json() as Promise<T>;
  }

  async pushHighlights(list: Highlight[]): Promise<number> {
    const body = list.map(({ synced: _s, ...h }) => h);
    const { accepted } = await this.request<{ accepted: number }>('/v1/highlights/bulk', {
      method: 'POST',
      body: JSON.stringify(body),
    });
    return accepted;
  }

  async fetchHighlights(since: number): Promise<Omit<Highlight, 'synced'>[]> {
    const raw = await this.request<unknown>(`/v1/highlights?since=${since}`);
    return z.array(HighlightDto).parse(raw);
  }
}
