import { expect, test } from '@playwright/test';

test.use({ storageState: 'tests/e2e/.auth/alice.json' });

test('books a free slot', async ({ page }) => {
	await page.goto('/rooms');
	await page.getByRole('link', { name: /Everest/ }).click();
	await page.getByLabel('Title').fill('Sprint review');
	await page.getByLabel('Start').fill('2030-01-07T10:00');
	await page.getByLabel('End').fill('2030-01-07T11:00');
	await page.getByRole('button', { name: 'Book' }).click();
	await expect(page.getByText('Sprint review')).toBeVisible();
});
