import type { AdminBusiness } from '@shared/contracts/admin';

/** A business as the back office's contract describes it, for component tests: approved, active, at 10 %. */
export const adminBusiness = (overrides: Partial<AdminBusiness> = {}): AdminBusiness => ({
  id: 'b1',
  name: 'Cerámica Russafa',
  businessType: 'company',
  category: 'artisan_workshop',
  address: 'Carrer de Sueca 12',
  city: 'Valencia',
  taxId: 'B12345674',
  taxIdKind: 'cif',
  businessRegistrationNumber: null,
  phone: null,
  email: null,
  website: null,
  description: null,
  verificationStatus: 'approved',
  rejectionReason: null,
  isActive: true,
  commissionRate: 10,
  proposedCommissionRate: null,
  commissionProposedAt: null,
  termsAcceptedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  owner: { id: 'u1', name: 'Olga', email: 'olga@example.test', locale: 'es' },
  documents: [],
  ...overrides,
});
