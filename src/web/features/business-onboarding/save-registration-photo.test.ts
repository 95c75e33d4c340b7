import { describe, expect, it, vi } from 'vitest';
import { saveRegistrationPhoto } from './save-registration-photo';

const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'fachada.png', { type: 'image/png' });

describe('saveRegistrationPhoto', () => {
  it('sends nothing when no photo was picked', async () => {
    const upload = vi.fn();
    expect(await saveRegistrationPhoto(null, upload)).toBe('none');
    expect(upload).not.toHaveBeenCalled();
  });

  it('sends the picked photo once', async () => {
    const upload = vi.fn().mockResolvedValue({ imageUrl: '/api/files/public/x.webp' });
    expect(await saveRegistrationPhoto(photo, upload)).toBe('saved');
    expect(upload).toHaveBeenCalledExactlyOnceWith(photo);
  });

  it('reports a failed upload instead of throwing', async () => {
    const upload = vi.fn().mockRejectedValue(new Error('image_invalid'));
    expect(await saveRegistrationPhoto(photo, upload)).toBe('failed');
  });
});
