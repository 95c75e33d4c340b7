// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardBusiness, DashboardGift } from '@shared/contracts/business-dashboard';

/*
 * docs/accessibility.md: toggling a gift's availability keeps keyboard focus on the switch
 * while it saves (a disabled control would drop it on <body>), ignores a second toggle
 * meanwhile, and announces the saved state in a status region.
 */
const dom = mountReactRootPerTest();
vi.setConfig({ testTimeout: 20_000 });

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const business = {
  id: 'b1', slug: 'horchateria-santa-catalina', name: 'Horchatería Santa Catalina', district: null, latitude: null, longitude: null, category: 'traditional_drinks', description: null, ownLocale: 'es', descriptionTranslations: {}, openingHoursTranslations: {},
  address: 'Plaça de Santa Caterina 6', city: 'Valencia', phone: null, email: null, website: null,
  whatsapp: null, bookingUrl: null, openingHours: null,
  businessType: 'cooperative', taxId: 'F12345674', businessRegistrationNumber: null, legalName: null, fiscalAddress: null, invoicingDataMissing: ['legalName', 'fiscalAddress'], sellerDetails: { ownerFirstName: null, ownerLastName: null, ownerBirthDate: null, vatNumber: null, permanentEstablishments: [], iban: null, ibanHolder: null }, dac7Missing: [], imageUrl: null,
  thumbnailUrl: null, verificationStatus: 'approved', rejectionReason: null, isActive: true, commissionRate: 12.5, proposedCommissionRate: null, commissionProposedAt: null, orderMailDigest: false,
  termsAcceptedAt: '2026-11-20T10:00:00.000Z', partnerTermsVersion: '2026-11-27', documents: [], totals: { gifts: 1, orders: 0, extensionRequests: 0 }, createdAt: '2026-11-20T10:00:00.000Z',
} satisfies DashboardBusiness;
const gift: DashboardGift = {
  id: 'g1', name: 'Horchata for two', description: null, nameTranslations: {}, descriptionTranslations: {}, kind: 'fixed', price: 950, minAmount: null, maxAmount: null, suggestedAmounts: null, currency: 'EUR', imageUrl: null,
  thumbnailUrl: null, isAvailable: true, forTwo: true, validityDays: 180, hasOrders: false,
  bookingRequired: false, partySize: null, validWeekdays: null, conditions: null,
  createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z',
};
let releasePatch: () => void;
let patches: unknown[];

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'en');
  patches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/api/auth/get-session')) return json(null);
      if (url === '/api/business/me') return json(business);
      if (url === '/api/business/gifts') return json({ items: [gift] });
      if (url === '/api/business/gifts/g1' && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { isAvailable: boolean };
        patches.push(body);
        await new Promise<void>((resolve) => (releasePatch = resolve));
        return json({ ...gift, isAvailable: body.isAvailable });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the gift availability switch', () => {
  it('keeps focus while saving and announces the saved state', async () => {
    const { default: BusinessDashboardPage } = await import('./business-dashboard-page');
    await act(async () => {
      dom.root.render(
        <Suspense fallback={<p>suspended</p>}>
          <MemoryRouter initialEntries={['/business/dashboard?tab=gifts']}>
            <Routes>
              <Route path="/business/dashboard" element={<BusinessDashboardPage />} />
            </Routes>
          </MemoryRouter>
        </Suspense>,
      );
    });
    const toggle = await vi.waitFor(() => {
      const element = document.querySelector<HTMLButtonElement>('button[role="switch"]');
      expect(element).not.toBeNull();
      return element!;
    }, { timeout: 10_000 });
    const status = document.querySelector('[data-testid="gift-availability"]')!;
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('Available');

    await act(async () => {
      toggle.focus();
      toggle.click();
    });
    await vi.waitFor(() => expect(patches).toHaveLength(1));
    // Saving: still focused, still in the tab order, marked busy; a second toggle is ignored.
    await vi.waitFor(() => expect(toggle.getAttribute('aria-disabled')).toBe('true'));
    expect(toggle.disabled).toBe(false);
    expect(document.activeElement).toBe(toggle);
    await act(async () => toggle.click());
    expect(patches).toEqual([{ isAvailable: false }]);

    await act(async () => releasePatch());
    await vi.waitFor(() => expect(status.textContent).not.toBe('Available'));
    expect(status.textContent).toBe('Unavailable');
    expect(toggle.getAttribute('aria-disabled')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});
