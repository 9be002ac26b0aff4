import { useState } from 'react';
import { useSettings } from '@/hooks/useSettings';
import type { HighlightColor } from '@/shared/types';

export function Options() {
  const { settings, update } = useSettings();
  const [token, setToken] = useState('');

  return (
    <form
      className="options"
      onSubmit={(e) => {
        e.preventDefault();
        void update({ apiToken: token || null });
      }}
    >
      <label>
        API token
        <input type="password" value={token} onChange={(e) => setToken(e.target.value)} />
      </label>
      <label>
        Default color
        <select value={settings.defaultColor} onChange={(e) => update({ defaultColor: e.target.value as HighlightColor })}>
          <option value="yellow">Yellow</option>
          <option value="green">Green</option>
          <option value="pink">Pink</option>
        </select>
      </label>
      <label>
        <input type="checkbox" checked={settings.autoSync} onChange={(e) => update({ autoSync: e.target.checked })} />
        Sync automatically
      </label>
      <button type="submit">Save</button>
    </form>
  );
}
