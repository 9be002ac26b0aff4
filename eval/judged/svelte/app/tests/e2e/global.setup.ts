import { test as setup } from '@playwright/test';

setup('authenticate', async ({ page }) => {
	await page.goto('/login');
	await page.getByPlaceholder('Email').fill('alice@example.com');
	await page.getByPlaceholder('Password').fill('correct-horse');
	await page.getByRole('button', { name: 'Log in' }).click();
	await page.context().storageState({ path: 'tests/e2e/.auth/alice.json' });
});
