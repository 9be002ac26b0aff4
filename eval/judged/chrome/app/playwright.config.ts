import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  retries: process.env.CI ? 2 : 0,
  workers: 1,
  use: { trace: 'on-first-retry' },
  webServer: {
    command: 'npm --prefix server run dev',
    port: 8787,
    reuseExistingServer: !process.env.CI,
  },
});
