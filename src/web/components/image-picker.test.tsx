// @vitest-environment happy-dom
import { mountReactRootPerTest } from '@web/testing/react-root';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '@shared/domain/documents';

const dom = mountReactRootPerTest();

const toast = { success: vi.fn(), error: vi.fn(), message: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() };
vi.mock('@web/components/ui/toast', () => ({ toast }));

const { ImagePicker } = await import('./image-picker');

const texts = {
  dropHint: 'Drop it',
  chooseHint: 'Tap to pick',
  choose: 'Pick',
  change: 'Swap',
  remove: 'Drop image',
  rules: 'Images only',
  previewAlt: 'Shop front',
  uploading: 'Sending',
  errorTitle: 'Oops',
  imageUploadError: 'Not an image',
  imageTooLarge: 'Too big',
};

beforeEach(() => {
  for (const fn of Object.values(toast)) fn.mockReset();
});

function render(previewUrl: string | null, onFile = vi.fn(), onRemove = vi.fn()) {
  act(() =>
    dom.root.render(
      <ImagePicker label="Photo" hint="Later too" texts={texts} previewUrl={previewUrl} onFile={onFile} onRemove={onRemove} />,
    ),
  );
  return { onFile, onRemove };
}

function pick(file: File) {
  const input = dom.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  act(() => input.dispatchEvent(new Event('change', { bubbles: true })));
}

const button = (name: string) => [...dom.container.querySelectorAll('button')].find((b) => b.textContent === name);

describe('ImagePicker', () => {
  it('refuses a PDF with the given texts and keeps nothing', () => {
    const { onFile } = render(null);
    pick(new File(['%PDF-1.4'], 'menu.pdf', { type: 'application/pdf' }));
    expect(onFile).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Oops', { description: 'Not an image' });
  });

  it('refuses an image over 5 MB', () => {
    const { onFile } = render(null);
    pick(new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'huge.png', { type: 'image/png' }));
    expect(onFile).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Oops', { description: 'Too big' });
  });

  it('hands over a valid image', () => {
    const { onFile } = render(null);
    const file = new File([new Uint8Array([0x89, 0x50])], 'front.png', { type: 'image/png' });
    pick(file);
    expect(onFile).toHaveBeenCalledExactlyOnceWith(file);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows the hint and, with no image, the drop hint and no remove button', () => {
    render(null);
    expect(dom.container.textContent).toContain('Drop it');
    expect(dom.container.textContent).toContain('Later too');
    expect(button('Pick')).toBeDefined();
    expect(button('Drop image')).toBeUndefined();
  });

  it('refuses an iPhone HEIC photo with the picker’s reason instead of taking it', () => {
    const { onFile } = render(null);
    pick(new File([new Uint8Array([0, 0, 0, 0x18])], 'IMG_0001.HEIC', { type: 'image/heic' }));
    expect(onFile).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Oops', { description: 'Not an image' });
  });

  it('on a touch screen invites choosing a photo, not dragging one', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === '(pointer: coarse)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    try {
      render(null);
      expect(dom.container.textContent).toContain('Tap to pick');
      expect(dom.container.textContent).not.toContain('Drop it');
    } finally {
      window.matchMedia = original;
    }
  });

  it('shows the preview 48 units high with a remove button that calls back', () => {
    const { onRemove } = render('blob:preview');
    const img = dom.container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('blob:preview');
    expect(img.getAttribute('alt')).toBe('Shop front');
    expect(img.className).toContain('h-48');
    expect(button('Swap')).toBeDefined();
    act(() => button('Drop image')!.click());
    expect(onRemove).toHaveBeenCalledOnce();
  });
});
