import { test as base, expect, type Page } from '@playwright/test';
import type { Locale } from '../../src/shared/locale';

/** The demo accounts' shared password (README, seed). Journeys read demo data; they never change it. */
export const DEMO_PASSWORD = 'regalo-demo-2026';
export const DEMO_ACCOUNTS = {
  consumer: 'consumer@demo.regalo.test',
  owner: 'owner@demo.regalo.test',
  admin: 'admin@demo.regalo.test',
} as const;

/** A fresh account made for one test by POST /api/dev/test-world (features/dev-test-world). */
export interface TestAccount {
  email: string;
  password: string;
  name: string;
  business?: { id: string; name: string; gifts: { id: string; name: string; price: number }[] };
}

async function createAccount(page: Page, baseURL: string, kind: 'giver' | 'owner' | 'admin'): Promise<TestAccount> {
  const response = await page.request.post('/api/dev/test-world', { data: { kind }, headers: { origin: baseURL } });
  expect(response.status(), `POST /api/dev/test-world answered ${response.status()}`).toBe(201);
  return (await response.json()) as TestAccount;
}

/** Signs the page's browser context in (the session cookie lands in the context). */
export async function signInAs(page: Page, baseURL: string, account: { email: string; password: string }) {
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers: { origin: baseURL } });
  expect(response.status(), `signing in ${account.email} answered ${response.status()}`).toBe(200);
}

/** The interface language the page starts in, as the language menu stores it. */
export async function useLanguage(page: Page, language: Locale) {
  await page.addInitScript((lang) => localStorage.setItem('i18nextLng', lang), language);
}

/**
 * Each test gets accounts of its own, made through the seed's factories, so parallel journeys
 * never share (or change) data: `giver`, `owner` (an approved, listed business like the demo
 * owner's, with its gifts and a paid order) and `admin` are created on first use and not signed
 * in; `signedIn*` are the same, signed in. Set the language with `test.use({ language: 'es' })`.
 */
export const test = base.extend<{
  language: Locale | null;
  giver: TestAccount;
  owner: TestAccount;
  admin: TestAccount;
  signedInOwner: TestAccount;
}>({
  language: [null, { option: true }],
  page: async ({ page, language }, use) => {
    if (language) await useLanguage(page, language);
    await use(page);
  },
  giver: async ({ page, baseURL }, use) => use(await createAccount(page, baseURL!, 'giver')),
  owner: async ({ page, baseURL }, use) => use(await createAccount(page, baseURL!, 'owner')),
  admin: async ({ page, baseURL }, use) => use(await createAccount(page, baseURL!, 'admin')),
  signedInOwner: async ({ page, baseURL, owner }, use) => {
    await signInAs(page, baseURL!, owner);
    await use(owner);
  },
});
export { expect };
