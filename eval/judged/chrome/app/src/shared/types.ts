export interface Highlight {
  id: string;
  url: string;
  text: string;
  color: HighlightColor;
  createdAt: number;
  synced: boolean;
}

export type HighlightColor = 'yellow' | 'green' | 'pink';

export interface Settings {
  apiBaseUrl: string;
  apiToken: string | null;
  defaultColor: HighlightColor;
  autoSync: boolean;
  disabledHosts: string[];
}

export const DEFAULT_SETTINGS: Settings = {
  apiBaseUrl: 'https://api.snipmark.app',
  apiToken: null,
  defaultColor: 'yellow',
  autoSync: true,
  disabledHosts: [],
};
