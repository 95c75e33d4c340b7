import { describe, expect, it } from 'vitest';
import { clearWizardDraft, loadWizardDraft, saveWizardDraft, WIZARD_DRAFT_KEY } from './wizard-draft';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the wizard draft', () => {
  it('keeps the text fields of its own account only, and whether a photo was chosen', () => {
    const storage = memoryStorage();
    saveWizardDraft(storage, 'a@example.test', { address: 'Carrer de la Pau 12', taxId: 'B12345674', businessType: 'company' }, true);
    expect(loadWizardDraft(storage, 'a@example.test')).toEqual({
      email: 'a@example.test',
      values: { address: 'Carrer de la Pau 12', taxId: 'B12345674', businessType: 'company' },
      hadPhoto: true,
    });
    expect(loadWizardDraft(storage, 'b@example.test')).toBeNull();
    clearWizardDraft(storage);
    expect(loadWizardDraft(storage, 'a@example.test')).toBeNull();
  });

  it('ignores malformed storage field by field', () => {
    const storage = memoryStorage();
    storage.setItem(WIZARD_DRAFT_KEY, '{not json');
    expect(loadWizardDraft(storage, 'a@example.test')).toBeNull();
    storage.setItem(WIZARD_DRAFT_KEY, JSON.stringify({ email: 'a@example.test', values: { address: 7, taxId: 'X', evil: 'y', businessType: 'cooperative' }, hadPhoto: 'yes' }));
    expect(loadWizardDraft(storage, 'a@example.test')).toEqual({ email: 'a@example.test', values: { taxId: 'X' }, hadPhoto: false });
  });

  it('does not break the wizard when storage refuses to write', () => {
    const storage = { ...memoryStorage(), setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => saveWizardDraft(storage, 'a@example.test', { address: 'x' }, false)).not.toThrow();
  });
});
