import { defineConfig, devices } from '@playwright/test';

export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: true,
	retries: process.env.CI ? 2 : 0,
	use: { baseURL: 'http://localhost:4173', trace: 'on-first-retry' },
	webServer: { command: 'npm run build && npm run preview', port: 4173, reuseExistingServer: !process.env.CI },
	projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }]
});
