// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadText } from '@web/lib/text';
import { changeLanguage } from '@web/lib/language';

const dom = mountReactRootPerTest();

const toast = { success: vi.fn(), error: vi.fn(), message: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() };
vi.mock('@web/components/ui/toast', () => ({ toast }));
const api = { uploadDocument: vi.fn(), deleteDocument: vi.fn() };
vi.mock('./api', () => api);

const { DocumentsStep, extensionList } = await import('./documents-step');

beforeEach(() => {
  for (const fn of [...Object.values(toast), ...Object.values(api)]) fn.mockReset();
});

async function render(language: 'en' | 'va') {
  await act(async () => {
    await changeLanguage(language);
    await loadText(language, ['business']);
  });
  await act(async () =>
    dom.root.render(
      <QueryClientProvider client={new QueryClient()}>
        <Suspense fallback={<p>loading</p>}>
          <DocumentsStep businessType="company" documents={[]} onUploadingChange={() => {}} />
        </Suspense>
      </QueryClientProvider>,
    ),
  );
}

function pick(type: string, file: File) {
  const input = dom.container.querySelector<HTMLInputElement>(`#document-${type}`)!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  act(() => input.dispatchEvent(new Event('change', { bubbles: true })));
}

describe('documents step', () => {
  it('names the refused file and what the document takes, in the reader’s language', async () => {
    await render('en');
    pick('business_license', new File(['x'], 'licence.heic', { type: 'image/heic' }));
    expect(api.uploadDocument).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledOnce();
    const description = (toast.error.mock.calls[0]![1] as { description: string }).description;
    expect(description).toContain('licence.heic');
    expect(description).toContain('PDF, JPG or PNG');

    await render('va');
    pick('business_license', new File(['x'], 'llicencia.docx'));
    const valencian = (toast.error.mock.calls[1]![1] as { description: string }).description;
    expect(valencian).toContain('«llicencia.docx»');
    expect(valencian).toContain('PDF, JPG o PNG');
  });

  it('takes a phone photo of the articles of incorporation', async () => {
    api.uploadDocument.mockReturnValue({ promise: new Promise(() => {}), abort: () => {} });
    await render('en');
    expect(dom.container.querySelector('#document-articles_incorporation')!.getAttribute('accept')).toBe('.pdf,.jpg,.jpeg,.png');
    pick('articles_incorporation', new File([new Uint8Array([0xff, 0xd8, 0xff])], 'escritura.jpg', { type: 'image/jpeg' }));
    expect(toast.error).not.toHaveBeenCalled();
    expect(api.uploadDocument).toHaveBeenCalledOnce();
  });

  it('lists each type once, .jpeg being a JPG', () => {
    expect(extensionList('articles_incorporation', 'es')).toBe('PDF, JPG o PNG');
  });
});
