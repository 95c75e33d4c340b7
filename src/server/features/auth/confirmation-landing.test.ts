import { describe, expect, it } from 'vitest';
import { confirmationLocation } from './confirmation-landing';

describe('where a confirmation link lands', () => {
  it('marks the address confirmed on any page of the site, and counts the guest purchases found', () => {
    expect(confirmationLocation('/app?verified=1', 0)).toBe('/app?verified=1');
    expect(confirmationLocation('/app?verified=1', 2)).toBe('/app?verified=1&found=2');
    expect(confirmationLocation('/app?tab=businesses&business=b1', 1)).toBe('/app?tab=businesses&business=b1&verified=1&found=1');
  });

  it('leaves a failed link and an address outside the site alone', () => {
    expect(confirmationLocation('/app?error=INVALID_TOKEN', 3)).toBe('/app?error=INVALID_TOKEN');
    expect(confirmationLocation('https://elsewhere.example/x', 3)).toBe('https://elsewhere.example/x');
    expect(confirmationLocation(null, 3)).toBeNull();
  });
});
