import '@testing-library/jest-dom/vitest';
import { vi } from 'vitest';

const store: Record<string, Record<string, unknown>> = { sync: {}, local: {} };
const area = (name: 'sync' | 'local') => ({
  get: vi.fn(async (key: string) => ({ [key]: store[name]![key] })),
  set: vi.fn(async (items: Record<string, unknown>) => Object.assign(store[name]!, items)),
  clear: vi.fn(async () => { store[name] = {}; }),
});

vi.stubGlobal('chrome', {
  storage: { sync: area('sync'), local: area('local'), onChanged: { addListener: vi.fn(), removeListener: vi.fn() } },
  runtime: { sendMessage: vi.fn(), getURL: (p: string) => `chrome-extension://test/${p}`, onMessage: { addListener: vi.fn() } },
  tabs: { query: vi.fn(async () => [{ id: 1, url: 'https://example.com/' }]), sendMessage: vi.fn() },
  alarms: { create: vi.fn(), onAlarm: { addListener: vi.fn() } },
});
