// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardBusiness } from '@shared/contracts/business-dashboard';
import { PARTNER_TERMS_VERSION } from '@shared/domain/legal-versions';

const dom = mountReactRootPerTest();

type Answer = { status: number; body: unknown };

let fetchMock: ReturnType<typeof vi.fn>;

/** Stubs fetch; `answers` keys are `METHOD url` for writes and the bare url for reads. */
function stubApi(answers: Record<string, Answer>) {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const answer =
        answers[method === 'GET' ? url : `${method} ${url}`] ??
        (url.includes('/api/auth/get-session') ? { status: 200, body: null } : undefined);
      if (!answer) return new Response('{}', { status: 404 });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': answer.status >= 400 ? 'application/problem+json' : 'application/json' },
      });
  });
  vi.stubGlobal('fetch', fetchMock);
}

const patchCalls = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH');

/** The control a visible label points at (Field wires label → id). */
function control(labelText: string) {
  const label = [...dom.container.querySelectorAll('label')].find((element) => element.textContent?.replace('*', '') === labelText);
  return dom.container.querySelector<HTMLInputElement>(`[id="${label?.htmlFor}"]`)!;
}

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function clickButton(name: string) {
  const button = [...dom.container.querySelectorAll('button')].find((element) => element.textContent === name)!;
  await act(async () => button.click());
}

function business(overrides: Partial<DashboardBusiness> = {}): DashboardBusiness {
  return {
    id: 'b1',
    slug: 'horchateria-santa-catalina',
    name: 'Horchatería Santa Catalina',
    district: 'ciutat_vella',
    latitude: null,
    longitude: null,
    category: 'traditional_drinks',
    description: null,
    ownLocale: 'es',
    descriptionTranslations: {},
    openingHoursTranslations: {},
    address: 'Plaça de Santa Caterina 6',
    city: 'Valencia',
    phone: null,
    email: null,
    whatsapp: null,
    bookingUrl: null,
    openingHours: null,
    website: null,
    businessType: 'cooperative',
    taxId: 'F12345674',
    businessRegistrationNumber: null,
    legalName: 'Horchatería Test S.L.',
    fiscalAddress: 'Carrer de Sueca 1, 46006 València',
    invoicingDataMissing: [],
    sellerDetails: { ownerFirstName: null, ownerLastName: null, ownerBirthDate: null, vatNumber: null, permanentEstablishments: [], iban: null, ibanHolder: null },
    dac7Missing: [],
    imageUrl: null,
    thumbnailUrl: null,
    verificationStatus: 'pending',
    rejectionReason: null,
    isActive: false,
    commissionRate: 12.5,
    proposedCommissionRate: null,
    commissionProposedAt: null,
    orderMailDigest: false,
    termsAcceptedAt: '2026-11-20T10:00:00.000Z',
    partnerTermsVersion: '2026-11-27',
    documents: [
      {
        type: 'business_license',
        fileName: 'licencia.pdf',
        uploadedAt: '2026-11-20T09:00:00.000Z',
        downloadUrl: '/api/business/documents/b1/business_license/download',
      },
    ],
    totals: { gifts: 3, orders: 7, extensionRequests: 0 },
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.setItem('i18nextLng', 'en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderAt(path: string) {
  const { default: BusinessDashboardPage } = await import('./business-dashboard-page');
  await act(async () => {
    dom.root.render(
      <Suspense fallback={<p>suspended</p>}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/business/dashboard" element={<BusinessDashboardPage />} />
          </Routes>
        </MemoryRouter>
      </Suspense>,
    );
  });
}

async function waitForText(text: string) {
  await vi.waitFor(() => expect(dom.container.textContent).toContain(text), { timeout: 3000 });
}

const tab = (name: string) =>
  [...dom.container.querySelectorAll('[role="tab"]')].find((element) => element.textContent === name) as HTMLButtonElement;
const link = (name: string) =>
  [...dom.container.querySelectorAll('a')].find((anchor) => anchor.textContent?.includes(name))?.getAttribute('href');

describe('/business/dashboard', () => {
  it('asks a user without a business to create one first', async () => {
    stubApi({
      '/api/business/me': {
        status: 404,
        body: { type: 'about:blank', title: 'Not found', status: 404, code: 'business_not_found' },
      },
    });
    await renderAt('/business/dashboard');
    await waitForText('Create your business first');
    expect(link('Register your business')).toBe('/business/signup');
    expect(link('Back to home')).toBe('/');
    expect(dom.container.querySelector('[role="tab"]')).toBeNull();
  });

  it('tells an owner who left the sign-up half way that their details are kept (ADR 066)', async () => {
    stubApi({
      '/api/business/me': {
        status: 404,
        body: { type: 'about:blank', title: 'Not found', status: 404, code: 'business_not_found' },
      },
      '/api/business/signup-draft': {
        status: 200,
        body: { draft: { values: { address: 'Carrer de Sueca 21' }, hadPhoto: false, updatedAt: '2026-11-27T09:00:00.000Z' } },
      },
    });
    await renderAt('/business/dashboard');
    await waitForText('Your registration is not finished');
    expect(dom.container.textContent).not.toContain('Create your business first');
    expect(link('Continue my registration')).toBe('/business/signup');
  });

  it('keeps a pending, inactive business on verification with the action-required card', async () => {
    stubApi({ '/api/business/me': { status: 200, body: business() } });
    // An old link to the orders tab cannot open it while the business is inactive.
    await renderAt('/business/dashboard?tab=orders');
    await waitForText('Verification in progress');
    expect(dom.container.textContent).toContain('2-3 business days');
    expect(dom.container.querySelector('[data-testid="verification-status"]')?.textContent).toBe('pending');
    expect(dom.container.querySelector('[data-testid="action-required"]')?.textContent).toContain(
      'Check your email, including the spam folder',
    );
    expect(tab('Verification').getAttribute('aria-selected')).toBe('true');
    expect(tab('Gifts').disabled).toBe(true);
    expect(tab('Orders').disabled).toBe(true);
    expect(tab('Profile').disabled).toBe(false);
    expect(dom.container.textContent).toContain('Gifts and orders open once our team has approved');
    // Details: type, the empty registration number, commission and the downloadable document.
    expect(dom.container.textContent).toContain('Cooperative');
    expect(dom.container.textContent).toContain('Not provided');
    // Spanish conventions in every language (ADR 058, 065).
    expect(dom.container.textContent).toContain('12,5\u00a0%');
    expect(dom.container.textContent).toContain('1 document');
    expect(link('Business licence')).toBe('/api/business/documents/b1/business_license/download');
  });

  it('shows the reason the team gave for a rejection', async () => {
    stubApi({
      '/api/business/me': {
        status: 200,
        body: business({ verificationStatus: 'rejected', rejectionReason: 'The licence is unreadable.' }),
      },
    });
    await renderAt('/business/dashboard');
    await waitForText('Verification not approved');
    expect(dom.container.textContent).toContain('The licence is unreadable.');
    expect(dom.container.querySelector('[data-testid="action-required"]')).toBeNull();
  });

  it('shows an approved, active business as verified with every tab open and real totals', async () => {
    stubApi({
      '/api/business/me': { status: 200, body: business({ verificationStatus: 'approved', isActive: true }) },
    });
    await renderAt('/business/dashboard?tab=profile');
    await waitForText('Account status');
    expect(tab('Profile').getAttribute('aria-selected')).toBe('true');
    expect(tab('Gifts').disabled).toBe(false);
    expect(dom.container.querySelector('[data-testid="total-gifts"]')?.textContent).toBe('3');
    expect(dom.container.querySelector('[data-testid="total-orders"]')?.textContent).toBe('7');
    expect(dom.container.textContent).toContain('verified');
    const description = dom.container.querySelector('textarea');
    expect(description?.getAttribute('rows')).toBe('4');
    expect(dom.container.querySelector('input[type="email"]')).not.toBeNull();
    expect(dom.container.querySelector('input[type="url"]')).not.toBeNull();
    expect(dom.container.querySelector('input[placeholder="CIF/NIF"]')).not.toBeNull();
  });

  it('counts the requests for more time still waiting on the Orders tab, from any tab (ADR 064)', async () => {
    stubApi({
      '/api/business/me': {
        status: 200,
        body: business({ verificationStatus: 'approved', isActive: true, totals: { gifts: 3, orders: 7, extensionRequests: 2 } }),
      },
    });
    await renderAt('/business/dashboard?tab=profile');
    await waitForText('Account status');
    const orders = [...dom.container.querySelectorAll('[role="tab"]')].find((element) => element.textContent?.startsWith('Orders'))!;
    expect(orders.querySelector('[data-testid="orders-tab-pending"]')?.textContent).toBe('2, 2 requests for more time');
    expect(orders.textContent).toBe('Orders2, 2 requests for more time');
  });

  it('shows no count on the Orders tab when no request waits', async () => {
    stubApi({ '/api/business/me': { status: 200, body: business({ verificationStatus: 'approved', isActive: true }) } });
    await renderAt('/business/dashboard?tab=profile');
    await waitForText('Account status');
    expect(tab('Orders')).toBeDefined();
    expect(dom.container.querySelector('[data-testid="orders-tab-pending"]')).toBeNull();
  });

  it('checks the profile in the browser first, then shows the server\'s field errors on the fields', async () => {
    const approved = business({ verificationStatus: 'approved', isActive: true });
    stubApi({
      '/api/business/me': { status: 200, body: approved },
      'PATCH /api/business/me': {
        status: 400,
        body: { type: 'about:blank', title: 'Invalid', status: 400, code: 'validation_failed', fields: { phone: 'invalidPhone' } },
      },
    });
    await renderAt('/business/dashboard?tab=profile');
    await waitForText('Business profile');

    await type(control('Business name'), ' ');
    await type(control('Tax ID'), 'B00000001');
    await clickButton('Save changes');
    await waitForText('This field is required.');
    expect(dom.container.textContent).toContain('Enter a valid CIF, NIF or NIE (individuals only).');
    expect(patchCalls()).toHaveLength(0);

    await type(control('Business name'), 'Horchatería Santa Catalina');
    await type(control('Tax ID'), 'F12345674');
    expect(dom.container.textContent).not.toContain('This field is required.');
    await type(control('Phone'), '12');
    await clickButton('Save changes');
    await waitForText('Enter a valid phone number.');
    expect(patchCalls()).toHaveLength(0);

    // A number the browser accepts; the (stubbed) server still refuses it, on the field.
    await type(control('Phone'), '+34 600 111 222');
    expect(dom.container.textContent).not.toContain('Enter a valid phone number.');
    await clickButton('Save changes');
    await waitForText('Enter a valid phone number.');
    expect(patchCalls()).toHaveLength(1);
    expect(JSON.parse(String((patchCalls()[0]![1] as RequestInit).body))).toMatchObject({
      name: 'Horchatería Santa Catalina',
      businessType: 'cooperative',
      phone: '+34 600 111 222',
    });
  });

  it('says how many DAC7 details are missing, loads their form on opening, and shows the server\'s refusal on the field', async () => {
    const soleTrader = business({ businessType: 'individual', taxId: '12345678Z', dac7Missing: ['firstName', 'birthDate', 'iban'] });
    stubApi({
      '/api/business/me': { status: 200, body: soleTrader },
      'PUT /api/business/seller-details': {
        status: 400,
        body: { type: 'about:blank', title: 'Invalid', status: 400, code: 'validation_failed', fields: { iban: 'invalidIban' } },
      },
    });
    await renderAt('/business/dashboard?tab=profile');
    await waitForText('Tax reporting details (DAC7)');
    expect(dom.container.textContent).toContain('3 details missing');
    expect(dom.container.querySelector('[data-testid="seller-details"]')).toBeNull();

    const details = dom.container.querySelector<HTMLDetailsElement>('details#seller-details')!;
    await act(async () => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    await waitForText('Still missing: First name, Date of birth, Account (IBAN).');
    // A sole trader: names and date of birth asked, permanent establishments (an entity's) not.
    expect(control('Date of birth').type).toBe('date');
    expect(dom.container.textContent).not.toContain('Permanent establishments');
    await type(control('First name'), 'Amparo');
    await type(control('Account (IBAN)'), 'ES91 2100 0418 4502 0005 1333');
    await clickButton('Save details');
    await waitForText('Check the IBAN: its check digits do not match.');
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')!;
    expect(JSON.parse(String((put[1] as RequestInit).body))).toMatchObject({ ownerFirstName: 'Amparo', iban: 'ES91 2100 0418 4502 0005 1333', permanentEstablishments: [] });
  });

  it('asks before a rename sends an approved business back to review, then saves with the confirmation', async () => {
    const approved = business({ verificationStatus: 'approved', isActive: true });
    stubApi({
      '/api/business/me': { status: 200, body: approved },
      'PATCH /api/business/me': { status: 200, body: { ...approved, name: 'Horchatería Santa Caterina', verificationStatus: 'pending' } },
    });
    await renderAt('/business/dashboard?tab=profile');
    await waitForText('Business profile');
    await type(control('Business name'), 'Horchatería Santa Caterina');
    await clickButton('Save changes');
    // The dialog (in a portal) says what happens; nothing is sent yet.
    await vi.waitFor(() => expect(document.body.textContent).toContain('Send your business back to review?'));
    expect(patchCalls()).toHaveLength(0);
    const confirm = [...document.body.querySelectorAll('button')].find((b) => b.textContent === 'Save and send to review')!;
    await act(async () => confirm.click());
    await vi.waitFor(() => expect(patchCalls()).toHaveLength(1));
    expect(JSON.parse(String((patchCalls()[0]![1] as RequestInit).body))).toMatchObject({ name: 'Horchatería Santa Caterina', confirmReview: true });
  });

  it('shows a proposed commission above the tabs and accepts it, as shown, only with the agreement box ticked', async () => {
    stubApi({
      '/api/business/me': { status: 200, body: business({ verificationStatus: 'approved', isActive: true, commissionRate: 10, proposedCommissionRate: 12.5, commissionProposedAt: '2026-11-26T10:00:00.000Z' }) },
      'POST /api/business/commission/accept': { status: 200, body: business({ verificationStatus: 'approved', isActive: true, commissionRate: 12.5 }) },
    });
    await renderAt('/business/dashboard?tab=profile');
    await waitForText('New commission proposed');
    const card = () => dom.container.querySelector('[data-testid="commission-proposal"]');
    expect(card()?.textContent).toContain('a commission of 12,5\u00a0% of each sale, instead of the 10\u00a0% you accepted');
    expect(card()?.querySelector('a')?.getAttribute('href')).toBe('/partner-terms?lang=en');
    const posts = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/business/commission/accept'));
    await clickButton('Accept 12,5\u00a0%');
    expect(card()?.querySelector('[role="alert"]')?.textContent).toBe('Tick the box to accept the agreement first.');
    expect(posts()).toHaveLength(0);
    await act(async () => card()!.querySelector<HTMLButtonElement>('[role="checkbox"]')!.click());
    await clickButton('Accept 12,5\u00a0%');
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String((posts()[0]![1] as RequestInit).body))).toEqual({ commissionRate: 12.5, partnerTermsVersion: PARTNER_TERMS_VERSION });
    await vi.waitFor(() => expect(card()).toBeNull());
  });
});


describe('the invoicing-details task', () => {
  const putCalls = () => fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/business/invoicing-details' && (init as RequestInit | undefined)?.method === 'PUT');
  const card = () => dom.container.querySelector('[data-testid="invoicing-details"]');

  it('is shown above the tabs to a business without them; the form, prefilled from the address, is checked by the contract and saved', async () => {
    const lacking = business({ legalName: null, fiscalAddress: null, district: null, invoicingDataMissing: ['legalName', 'fiscalAddress'] });
    const completed = business({ legalName: 'Orxateria Santa Caterina S.L.', fiscalAddress: 'Plaça de Santa Caterina 6', district: 'ciutat_vella' });
    stubApi({ '/api/business/me': { status: 200, body: lacking }, 'PUT /api/business/invoicing-details': { status: 200, body: completed } });
    await renderAt('/business/dashboard');
    await waitForText('Complete your invoicing details');
    expect(card()!.textContent).toContain('until you give: legal name, fiscal address, district.');
    // Above the tabs, whatever tab is open.
    expect(card()!.compareDocumentPosition(dom.container.querySelector('[role="tablist"]')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(control('Fiscal address (for invoices)').value).toBe('Plaça de Santa Caterina 6');

    await clickButton('Save invoicing details');
    await vi.waitFor(() => expect(dom.container.querySelector('#invoicing-legal-name-error')?.textContent).toBe('This field is required.'));
    expect(dom.container.querySelector('#invoicing-district-error')?.textContent).toBe('This field is required.');
    expect(putCalls()).toHaveLength(0);

    await type(control('Legal name (for invoices)'), 'Orxateria Santa Caterina S.L.');
    const district = dom.container.querySelector<HTMLSelectElement>('#invoicing-district')!;
    await act(async () => {
      district.value = 'ciutat_vella';
      district.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await clickButton('Save invoicing details');
    await vi.waitFor(() => expect(putCalls()).toHaveLength(1));
    expect(JSON.parse(String((putCalls()[0]![1] as RequestInit).body))).toEqual({
      legalName: 'Orxateria Santa Caterina S.L.',
      fiscalAddress: 'Plaça de Santa Caterina 6',
      district: 'ciutat_vella',
    });
    // The saved business has them: the task goes.
    await vi.waitFor(() => expect(card()).toBeNull());
  });

  it('is not shown to a business that has them', async () => {
    stubApi({ '/api/business/me': { status: 200, body: business() } });
    await renderAt('/business/dashboard');
    await waitForText('Horchatería Santa Catalina');
    expect(card()).toBeNull();
  });
});
