import { expect, test } from "@playwright/test";

test("creates a project from the dialog", async ({ page }) => {
  await page.goto("/projects");
  await page.getByRole("button", { name: "New project" }).click();
  await page.getByPlaceholder("Project name").fill("E2E project");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("link", { name: "E2E project" })).toBeVisible();
});
