import { describe, expect, it } from 'vitest';
import { extensionLengthsFor } from './extension-lengths';

describe('extension lengths (ADR 064)', () => {
  it("offers the plain lengths up to the gift's validity, and the validity itself", () => {
    expect(extensionLengthsFor(365)).toEqual([30, 90, 180, 365]);
    expect(extensionLengthsFor(120)).toEqual([30, 90, 120]);
    expect(extensionLengthsFor(30)).toEqual([30]);
  });
});
