// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { businessCategories } from '@shared/domain/business';

const dom = mountReactRootPerTest();
// The first render loads the page's chunks and catalogues: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const toast = { success: vi.fn(), error: vi.fn(), message: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() };
vi.mock('@web/components/ui/toast', () => ({ toast }));
vi.mock('@web/lib/session', () => ({ useSession: () => ({ status: 'authenticated' }) }));

const api = {
  confirmSession: vi.fn(),
  listDocuments: vi.fn(),
  submitRegistration: vi.fn(),
  uploadBusinessImage: vi.fn(),
  getPasswordStatus: vi.fn(),
  setPassword: vi.fn(),
  deleteDocument: vi.fn(),
  uploadDocument: vi.fn(),
  getSignupDraft: vi.fn(),
  saveSignupDraft: vi.fn(),
};
vi.mock('./api', () => api);
vi.mock('@web/lib/business-image-api', () => ({ uploadBusinessImage: api.uploadBusinessImage }));
const authOptions = { current: { google: false } as { google: boolean } | null };
vi.mock('@web/lib/use-auth-options', () => ({ useAuthOptions: () => authOptions.current }));

const server: { draft: { values: Record<string, string>; hadPhoto: boolean; updatedAt: string } | null } = { draft: null };

beforeEach(() => {
  for (const fn of [...Object.values(toast), ...Object.values(api)]) fn.mockReset();
  sessionStorage.clear();
  localStorage.setItem('i18nextLng', 'en');
  api.confirmSession.mockResolvedValue({ businessName: 'Horchatería Daniel', email: 'owner@example.test', hasBusiness: false });
  api.getPasswordStatus.mockResolvedValue({ hasPassword: true });
  authOptions.current = { google: false };
  const doc = (type: string) => ({ type, fileName: `${type}.pdf`, uploadedAt: '2026-11-20T10:00:00.000Z', size: 10, downloadUrl: null });
  api.listDocuments.mockResolvedValue({ items: ['business_license', 'tax_registration', 'articles_incorporation'].map(doc) });
  api.submitRegistration.mockResolvedValue({});
  // The server's draft (ADR 066): what the last PUT sent, read back by the next GET.
  server.draft = null;
  api.getSignupDraft.mockImplementation(async () => ({ draft: server.draft }));
  api.saveSignupDraft.mockImplementation(async (body: { hadPhoto: boolean } & Record<string, string>) => {
    const { hadPhoto, ...values } = body;
    server.draft = { values, hadPhoto, updatedAt: '2026-11-27T09:00:00.000Z' };
  });
});

async function render() {
  const { default: BusinessSignupPage } = await import('./signup-page');
  await act(async () => {
    dom.root.render(
      <Suspense fallback={<p>suspended</p>}>
        <MemoryRouter initialEntries={['/business/signup']}>
          <Routes>
            <Route path="/business/signup" element={<BusinessSignupPage />} />
            <Route path="/business/dashboard" element={<p>dashboard page</p>} />
          </Routes>
        </MemoryRouter>
      </Suspense>,
    );
  });
  await vi.waitFor(() => expect(dom.container.querySelector('#signup-address')).not.toBeNull(), { timeout: 3000 });
}

function type(selector: string, value: string) {
  const element = dom.container.querySelector<HTMLInputElement>(selector)!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Radix renders a native select next to its trigger inside a form (for autofill); it drives the value. */
function chooseCategory(value: string) {
  const select = [...dom.container.querySelectorAll('select')].find((candidate) =>
    [...candidate.options].some((option) => option.value === value),
  )!;
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const button = (name: string) => [...dom.container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;

async function click(element: HTMLElement) {
  await act(async () => element.click());
}

const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'front.png', { type: 'image/png' });

async function fillStepOneWithPhoto() {
  await render();
  type('#signup-address', 'Carrer de la Pau, 12, Valencia');
  type('#signup-tax-id', 'B12345674');
  type('#signup-legal-name', 'Orxateria Daniel S.L.');
  chooseCategory(businessCategories[0]);
  chooseCategory('ciutat_vella');
  const input = dom.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: [photo], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
  await vi.waitFor(() => expect(dom.container.querySelector('img')?.getAttribute('alt')).toBe('Business photo preview'));
  expect(dom.container.textContent).toContain('You can also add or change it later from your dashboard.');
}

async function submitWizard() {
  await vi.waitFor(() => expect(button('Next').disabled).toBe(false));
  await click(button('Next'));
  await vi.waitFor(() => expect(dom.container.textContent).toContain('Verification documents'));
  await vi.waitFor(() => expect(button('Next').disabled).toBe(false));
  await click(button('Next'));
  await vi.waitFor(() => expect(dom.container.textContent).toContain('I accept the commission agreement'));
  await click(dom.container.querySelector<HTMLElement>('#commission-accepted')!);
  await click(button('Submit registration'));
}

describe('business sign-up wizard: the business photo', () => {
  it('keeps the picked photo across steps and sends it once the registration exists', async () => {
    const order: string[] = [];
    api.submitRegistration.mockImplementation(async () => order.push('registration'));
    api.uploadBusinessImage.mockImplementation((file: File) => {
      order.push(`photo:${file.name}`);
      return { promise: Promise.resolve({ imageUrl: '/api/files/public/a.webp', thumbnailUrl: null }), abort: () => {} };
    });
    await fillStepOneWithPhoto();
    await submitWizard();
    await vi.waitFor(() => expect(dom.container.textContent).toContain('dashboard page'));
    expect(order).toEqual(['registration', 'photo:front.png']);
    expect(toast.warning).not.toHaveBeenCalled();
  });

  it('keeps the registration when the photo fails: warns and still goes to the dashboard', async () => {
    api.uploadBusinessImage.mockImplementation(() => ({ promise: Promise.reject(new Error('image_invalid')), abort: () => {} }));
    await fillStepOneWithPhoto();
    await submitWizard();
    await vi.waitFor(() => expect(dom.container.textContent).toContain('dashboard page'));
    expect(api.submitRegistration).toHaveBeenCalledOnce();
    expect(toast.warning).toHaveBeenCalledWith('The photo could not be saved', {
      description: 'Your registration is saved. You can add the photo from the Profile tab of your dashboard.',
    });
  });

  it('sends no photo when none was picked, or after it was removed', async () => {
    await fillStepOneWithPhoto();
    await click(button('Remove photo'));
    expect(dom.container.querySelector('img')).toBeNull();
    await submitWizard();
    await vi.waitFor(() => expect(dom.container.textContent).toContain('dashboard page'));
    expect(api.uploadBusinessImage).not.toHaveBeenCalled();
  });
});

describe('the password box', () => {
  const passwordBox = () => dom.container.querySelector('[aria-labelledby="password-title"]')?.textContent ?? '';

  it('mentions Google only on a server where Google sign-in is on', async () => {
    api.getPasswordStatus.mockResolvedValue({ hasPassword: false });
    await render();
    await vi.waitFor(() => expect(passwordBox()).toContain('You need one to finish the registration'));
    expect(passwordBox()).not.toContain('Google');
  });

  it('says the owner can also use Google when it is configured', async () => {
    api.getPasswordStatus.mockResolvedValue({ hasPassword: false });
    authOptions.current = { google: true };
    await render();
    await vi.waitFor(() => expect(passwordBox()).toContain('You can also sign in with Google using this email.'));
  });

  it('checks the password with the contract on "Save", clears the error as it is typed, and shows the server\'s refusal', async () => {
    api.getPasswordStatus.mockResolvedValue({ hasPassword: false });
    const { ApiError } = await import('@web/lib/api-client');
    api.setPassword.mockRejectedValueOnce(new ApiError(400, { type: 'about:blank', title: 'common', status: 400, code: 'PASSWORD_TOO_COMMON' }));
    await render();
    await vi.waitFor(() => expect(button('Save password')).toBeDefined());
    const error = () => dom.container.querySelector('#signup-new-password-error')?.textContent ?? null;

    type('#signup-new-password', 'short');
    await click(button('Save password'));
    await vi.waitFor(() => expect(error()).toBe('It is too short: use at least 8 characters.'));
    expect(api.setPassword).not.toHaveBeenCalled();
    expect(dom.container.querySelector('#signup-new-password')!.getAttribute('aria-invalid')).toBe('true');

    type('#signup-new-password', 'password1');
    expect(error()).toBeNull();
    await click(button('Save password'));
    await vi.waitFor(() => expect(error()).toBe('It is one of the most common passwords, so it is easy to guess. Choose another one.'));

    api.setPassword.mockResolvedValueOnce(undefined);
    type('#signup-new-password', 'chufa-de-alboraya-1836');
    await click(button('Save password'));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password saved. You can sign in with it from now on.'));
    expect(api.setPassword).toHaveBeenLastCalledWith('chufa-de-alboraya-1836', expect.anything());
    await vi.waitFor(() => expect(passwordBox()).toBe(''));
  });
});

describe('the step-1 draft (ADR 066)', () => {
  it('is kept on the server: leaving after step 1 and coming back finds it, asks for the photo again, and is not saved after submitting', async () => {
    await fillStepOneWithPhoto();
    const description = dom.container.querySelector<HTMLTextAreaElement>('#signup-description')!;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(description, 'Horchata since 1950');
      description.dispatchEvent(new Event('input', { bubbles: true }));
    });
    // Saved a moment after typing stops, without any storage of the browser's.
    await vi.waitFor(() => expect(server.draft?.values.description).toBe('Horchata since 1950'), { timeout: 3000 });
    expect(server.draft).toMatchObject({
      values: { address: 'Carrer de la Pau, 12, Valencia', taxId: 'B12345674', legalName: 'Orxateria Daniel S.L.', fiscalAddress: 'Carrer de la Pau, 12, Valencia', district: 'ciutat_vella' },
      hadPhoto: true,
    });
    sessionStorage.clear();
    localStorage.removeItem('regalo.business-signup-draft');

    // The owner leaves to fetch documents and comes back (another day, another device).
    await act(async () => dom.root.render(<></>));
    await render();
    await vi.waitFor(() => expect(dom.container.querySelector<HTMLInputElement>('#signup-address')!.value).toBe('Carrer de la Pau, 12, Valencia'));
    expect(dom.container.querySelector<HTMLInputElement>('#signup-tax-id')!.value).toBe('B12345674');
    expect(dom.container.querySelector<HTMLInputElement>('#signup-legal-name')!.value).toBe('Orxateria Daniel S.L.');
    expect(dom.container.querySelector<HTMLInputElement>('#signup-fiscal-address')!.value).toBe('Carrer de la Pau, 12, Valencia');
    expect(dom.container.querySelector<HTMLTextAreaElement>('#signup-description')!.value).toBe('Horchata since 1950');
    const notice = dom.container.querySelector('[data-testid="draft-restored"]')!;
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toContain('The photo is not kept with the draft: please choose it again.');
    expect(dom.container.querySelector('img')).toBeNull();

    await submitWizard();
    await vi.waitFor(() => expect(dom.container.textContent).toContain('dashboard page'));
    expect(api.submitRegistration).toHaveBeenCalledWith(
      expect.objectContaining({ address: 'Carrer de la Pau, 12, Valencia', description: 'Horchata since 1950', legalName: 'Orxateria Daniel S.L.', district: 'ciutat_vella' }),
    );
    const savesAtSubmit = api.saveSignupDraft.mock.calls.length;
    await act(async () => dom.root.render(<></>));
    expect(api.saveSignupDraft.mock.calls.length).toBe(savesAtSubmit);
  });

  it('saves what was typed when the owner leaves before the pause, and starts blank without a draft', async () => {
    await render();
    expect(dom.container.querySelector('[data-testid="draft-restored"]')).toBeNull();
    expect(dom.container.querySelector<HTMLInputElement>('#signup-address')!.value).toBe('');
    type('#signup-address', 'Carrer de Sueca 21');
    await act(async () => dom.root.render(<></>));
    expect(server.draft?.values.address).toBe('Carrer de Sueca 21');
  });
});

describe('a disabled "Next" says what is missing', () => {
  const hint = () => dom.container.querySelector('[data-testid="next-hint"]')?.textContent ?? null;

  it('waits for a password when the account has none (nor Google): nobody registers a business they are locked out of', async () => {
    api.getPasswordStatus.mockResolvedValue({ hasPassword: false, hasGoogle: false });
    api.setPassword.mockResolvedValue(undefined);
    await render();
    type('#signup-address', 'Carrer de la Pau, 12, Valencia');
    type('#signup-tax-id', 'B12345674');
    type('#signup-legal-name', 'Orxateria Daniel S.L.');
    chooseCategory(businessCategories[0]);
    chooseCategory('ciutat_vella');
    await vi.waitFor(() => expect(hint()).toBe('To continue, complete: a password.'));
    expect(button('Next').disabled).toBe(true);
    type('#signup-new-password', 'chufa-de-alboraya-1836');
    await click(button('Save password'));
    await vi.waitFor(() => expect(button('Next').disabled).toBe(false));
    expect(hint()).toBeNull();
  });

  it('does not wait for a password from an owner who signs in with Google', async () => {
    api.getPasswordStatus.mockResolvedValue({ hasPassword: false, hasGoogle: true });
    await render();
    type('#signup-address', 'Carrer de la Pau, 12, Valencia');
    type('#signup-tax-id', 'B12345674');
    type('#signup-legal-name', 'Orxateria Daniel S.L.');
    chooseCategory(businessCategories[0]);
    chooseCategory('ciutat_vella');
    await vi.waitFor(() => expect(button('Next').disabled).toBe(false));
  });

  it('names the step-1 fields still needed, then the documents still to upload', async () => {
    api.listDocuments.mockResolvedValue({ items: [] });
    await render();
    expect(button('Next').disabled).toBe(true);
    expect(button('Next').getAttribute('aria-describedby')).toBe('wizard-next-hint');
    expect(hint()).toMatch(/^To continue, complete: Category, Address, Valencia district, Tax ID, Legal name,? and Fiscal address\.$/);

    // The fiscal address follows the business address until it is written differently.
    type('#signup-address', 'Carrer de la Pau, 12, Valencia');
    expect(dom.container.querySelector<HTMLInputElement>('#signup-fiscal-address')!.value).toBe('Carrer de la Pau, 12, Valencia');
    type('#signup-fiscal-address', 'Carrer de Colón 1, València');
    type('#signup-address', 'Carrer de la Pau, 14, Valencia');
    expect(dom.container.querySelector<HTMLInputElement>('#signup-fiscal-address')!.value).toBe('Carrer de Colón 1, València');
    type('#signup-tax-id', 'B1234567');
    expect(hint()).toMatch(/^To continue, complete: Category, Valencia district, Tax ID,? and Legal name\.$/);

    type('#signup-tax-id', 'B12345674');
    type('#signup-legal-name', 'Orxateria Daniel S.L.');
    chooseCategory(businessCategories[0]);
    chooseCategory('ciutat_vella');
    await vi.waitFor(() => expect(button('Next').disabled).toBe(false));
    expect(hint()).toBeNull();

    await click(button('Next'));
    await vi.waitFor(() => expect(hint()).toContain('To continue, upload: Business licence'));
    expect(hint()).toContain('Articles of incorporation');
  });
});
