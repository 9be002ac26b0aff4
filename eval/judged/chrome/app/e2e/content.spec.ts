import { test, expect } from './fixtures';

test('selection toolbar appears on text selection', async ({ page }) => {
  await page.goto('https://example.com/');
  await page.getByText('Example Domain').first().selectText();
  await page.mouse.up();
  await expect(page.locator('#snipmark-root')).toBeAttached();
});
