import { describe, expect, it } from 'vitest';
import { initialWizardState, nextBlocker, wizardReducer, type WizardState } from './wizard-state';

const at = (step: WizardState['step']): WizardState => ({ ...initialWizardState, step });
const next = (state: WizardState, infoValid: boolean, documentsComplete: boolean) =>
  wizardReducer(state, { type: 'next', infoValid, documentsComplete });

describe('wizardReducer', () => {
  it('starts on step 1 with the commission not accepted', () => {
    expect(initialWizardState).toEqual({ step: 1, isCommissionAccepted: false });
  });

  it('leaves step 1 only with valid business details, and step 2 only with the documents', () => {
    expect(next(at(1), false, true).step).toBe(1);
    expect(next(at(1), true, false).step).toBe(2);
    expect(next(at(2), true, false).step).toBe(2);
    expect(next(at(2), false, true).step).toBe(3);
  });

  it('has no step after the last: "next" on step 3 changes nothing', () => {
    const last = at(3);
    expect(next(last, true, true)).toBe(last);
  });

  it('goes back one step, and not before the first', () => {
    expect(wizardReducer(at(3), { type: 'previous' }).step).toBe(2);
    expect(wizardReducer(at(2), { type: 'previous' }).step).toBe(1);
    const first = at(1);
    expect(wizardReducer(first, { type: 'previous' })).toBe(first);
  });

  it('jumps to the step a refusal points at, keeping the commission answer', () => {
    const accepted = { step: 3, isCommissionAccepted: true } as const;
    expect(wizardReducer(accepted, { type: 'goTo', step: 1 })).toEqual({ step: 1, isCommissionAccepted: true });
    expect(wizardReducer(accepted, { type: 'goTo', step: 2 })).toEqual({ step: 2, isCommissionAccepted: true });
  });

  it('records the commission answer without moving', () => {
    const accepted = wizardReducer(at(3), { type: 'acceptCommission', accepted: true });
    expect(accepted).toEqual({ step: 3, isCommissionAccepted: true });
    expect(wizardReducer(accepted, { type: 'acceptCommission', accepted: false }).isCommissionAccepted).toBe(false);
  });
});

describe('nextBlocker', () => {
  const base = { isNextEnabled: false, values: {}, businessType: 'company' as const, uploaded: [], isUploading: false };

  it('is nothing while "Next" is enabled', () => {
    expect(nextBlocker(1, { ...base, isNextEnabled: true })).toBeNull();
    expect(nextBlocker(2, { ...base, isNextEnabled: true })).toBeNull();
  });

  it('names the step-1 fields still needed, in form order', () => {
    const values = { businessName: 'Horchatería Daniel', businessType: 'company' as const, address: '', taxId: '' };
    expect(nextBlocker(1, { ...base, values })).toEqual({ kind: 'missingFields', fields: ['category', 'address', 'district', 'taxId', 'legalName', 'fiscalAddress'] });
    // An account without a password (nor Google) is named last: it is saved in its own box.
    expect(nextBlocker(1, { ...base, values, isPasswordMissing: true })).toEqual({
      kind: 'missingFields',
      fields: ['category', 'address', 'district', 'taxId', 'legalName', 'fiscalAddress', 'password'],
    });
  });

  it('on step 2 waits for a running upload before naming missing documents', () => {
    expect(nextBlocker(2, { ...base, isUploading: true })).toEqual({ kind: 'waitForUpload' });
    expect(nextBlocker(2, { ...base, uploaded: ['business_license'] })).toEqual({
      kind: 'missingDocuments',
      documents: ['tax_registration', 'articles_incorporation'],
    });
    expect(nextBlocker(2, { ...base, businessType: 'individual', uploaded: ['business_license', 'tax_registration'] })).toEqual({
      kind: 'missingDocuments',
      documents: ['id_document'],
    });
  });

  it('never blocks the submit step', () => {
    expect(nextBlocker(3, base)).toBeNull();
  });
});
