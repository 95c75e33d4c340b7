import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL as configuredBaseURL } from '../../playwright.config';
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
  business?: { id: string; name: string; gifts: { id: string; name: string; price: number; bookingRequired: boolean }[] };
}

export type TestAccountKind = 'giver' | 'giver-with-history' | 'owner' | 'owner-taking-bookings' | 'admin';

const ORIGIN = new URL(configuredBaseURL).origin;
const requestOf = (client: Page | APIRequestContext) => ('request' in client ? client.request : client);

/**
 * A fresh account of `kind`, for helpers that run outside a test's fixtures (tests use the
 * `giver`, `owner`, … fixtures). `client` is only the connection the call goes through: it is
 * not signed in.
 */
export async function createTestAccount(client: Page | APIRequestContext, kind: TestAccountKind): Promise<TestAccount> {
  const response = await requestOf(client).post('/api/dev/test-world', { data: { kind }, headers: { origin: ORIGIN } });
  expect(response.status(), `POST /api/dev/test-world answered ${response.status()}`).toBe(201);
  return (await response.json()) as TestAccount;
}

/** Signs a page's browser context (the session cookie lands in the context) or an API request context in. */
export async function signInAs(client: Page | APIRequestContext, account: { email: string; password: string }) {
  const response = await requestOf(client).post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers: { origin: ORIGIN } });
  expect(response.status(), `signing in ${account.email} answered ${response.status()}`).toBe(200);
}

/** The interface language the page starts in, as the language menu stores it. */
export async function useLanguage(target: Pick<Page, 'addInitScript'>, language: Locale) {
  await target.addInitScript((lang) => localStorage.setItem('i18nextLng', lang), language);
}

/** Through a connection of its own, so no test's `request` or page holds anything of it. */
async function createWith(playwright: { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } }, kind: TestAccountKind) {
  const request = await playwright.request.newContext({ baseURL: configuredBaseURL });
  try {
    return await createTestAccount(request, kind);
  } finally {
    await request.dispose();
  }
}

/**
 * Each test gets accounts of its own, made through the seed's factories, so parallel journeys
 * never share (or change) data: `giver` (and `otherGiver`, a second giver for journeys about
 * two), `giverWithHistory` (the demo giver's contacts, and a paid and a redeemed order at a
 * business of its own), `owner` (an approved, listed business like the demo owner's, with its
 * gifts and a paid order), `bookingOwner` (the same, whose tasting needs booking, with no time
 * published yet) and `admin` are created on first use and not signed in;
 * `signedIn*` are the same, signed in. Set the language with `test.use({ language: 'es' })`.
 */
export const test = base.extend<{
  language: Locale | null;
  giver: TestAccount;
  otherGiver: TestAccount;
  giverWithHistory: TestAccount;
  owner: TestAccount;
  bookingOwner: TestAccount;
  admin: TestAccount;
  signedInOwner: TestAccount;
}>({
  language: [null, { option: true }],
  page: async ({ page, language }, use) => {
    if (language) await useLanguage(page, language);
    await use(page);
  },
  giver: async ({ playwright }, use) => use(await createWith(playwright, 'giver')),
  otherGiver: async ({ playwright }, use) => use(await createWith(playwright, 'giver')),
  giverWithHistory: async ({ playwright }, use) => use(await createWith(playwright, 'giver-with-history')),
  owner: async ({ playwright }, use) => use(await createWith(playwright, 'owner')),
  bookingOwner: async ({ playwright }, use) => use(await createWith(playwright, 'owner-taking-bookings')),
  admin: async ({ playwright }, use) => use(await createWith(playwright, 'admin')),
  signedInOwner: async ({ page, owner }, use) => {
    await signInAs(page, owner);
    await use(owner);
  },
});
export { expect };
