import { defineManifest } from '@crxjs/vite-plugin';
import pkg from './package.json';

export default defineManifest({
  manifest_version: 3,
  name: 'Snipmark',
  version: pkg.version,
  description: 'Highlight text on any page and sync it to your Snipmark account.',
  icons: { 16: 'public/icons/icon16.png', 48: 'public/icons/icon48.png', 128: 'public/icons/icon128.png' },
  action: { default_popup: 'src/popup/index.html' },
  options_page: 'src/options/index.html',
  background: { service_worker: 'src/background/index.ts', type: 'module' },
  content_scripts: [
    { matches: ['https://*/*', 'http://*/*'], js: ['src/content/index.tsx'], run_at: 'document_idle' },
  ],
  permissions: ['storage', 'contextMenus', 'activeTab', 'alarms'],
  host_permissions: ['https://api.snipmark.app/*'],
  commands: {
    'save-selection': { suggested_key: { default: 'Ctrl+Shift+S' }, description: 'Save the selected text' },
  },
});
