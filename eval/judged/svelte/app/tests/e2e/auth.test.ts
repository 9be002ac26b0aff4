import { expect, test } from '@playwright/test';

test('user can log in and sees rooms', async ({ page }) => {
	await page.goto('/login');
	await page.getByPlaceholder('Email').fill('alice@example.com');
	await page.getByPlaceholder('Password').fill('correct-horse');
	await page.getByRole('button', { name: 'Log in' }).click();
	await expect(page).toHaveURL('/rooms');
	await expect(page.getByRole('heading', { name: 'Rooms' })).toBeVisible();
});
