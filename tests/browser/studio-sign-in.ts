/** Signs in at the studio's /studio form, as a person does, and waits for the studio's home page. */
import type { Page } from 'playwright-core';

export async function signInToStudio(page: Page, origin: string, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/studio`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Edit pages' }).waitFor();
}
