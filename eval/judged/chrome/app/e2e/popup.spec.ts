import { test, expect } from './fixtures';

test('popup shows the empty state', async ({ page, extensionId }) => {
  await page.goto(`chrome-extension://${extensionId}/src/popup/index.html`);
  await expect(page.getByRole('heading', { name: 'Snipmark' })).toBeVisible();
  await expect(page.getByText('No highlights on this page yet.')).toBeVisible();
});
