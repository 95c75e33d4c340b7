import { existsSync, readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rule that keeps feature folders from reaching into each other (eslint.config.js). */
describe('feature import boundaries', () => {
  const eslint = new ESLint();
  const rulesHit = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.map((m) => m.ruleId);
  };

  it.each([
    ['src/server/features/gift-page/x.ts', "import { a } from '../contacts/list-contacts';\nexport const b = a;\n"],
    ['src/server/features/admin/deep/x.ts', "import { a } from '../../profile/get-profile';\nexport const b = a;\n"],
    ['src/server/features/admin/x.ts', "import { a } from '@server/features/profile/get-profile';\nexport const b = a;\n"],
    ['src/web/features/redeem/x.ts', "import { a } from '../auth/sign-up-form';\nexport const b = a;\n"],
    ['src/web/features/consumer/x.ts', "export const page = () => import('../checkout/checkout-page');\n"],
    ['src/server/features/checkout/x.ts', "export { a } from '../gift-delivery/deliver-due-gifts';\n"],
  ])('refuses %s importing another feature', async (filePath, code) => {
    expect(await rulesHit(filePath, code)).toContain('local/feature-boundaries');
  });

  it.each([
    ['src/server/features/admin/x.ts', "import { a } from './y';\nimport { c } from '../../platform/errors';\nexport const b = [a, c];\n"],
    ['src/server/features/business-dashboard/b/x.ts', "import { a } from '../routes';\nexport const b = a;\n"],
    ['src/server/features/checkout/x.ts', "import { a } from '../../domain/orders/price-order';\nimport { c } from '../../testing/factories';\nexport const b = [a, c];\n"],
  ])('lets %s import its own files and shared ones', async (filePath, code) => {
    expect(await rulesHit(filePath, code)).not.toContain('local/feature-boundaries');
  });

  it.each([
    ['src/server/domain/orders/x.ts', "import { a } from '../../features/checkout/create-checkout';\nexport const b = a;\n"],
    ['src/server/platform/x.ts', "import { a } from '@server/features/admin/routes';\nexport const b = a;\n"],
    ['src/server/testing/x.ts', "import { a } from '../features/checkout/routes';\nexport const b = a;\n"],
  ])('refuses shared server code in %s importing a feature', async (filePath, code) => {
    expect(await rulesHit(filePath, code)).toContain('no-restricted-imports');
  });

  it.each([
    ['src/web/components/x.tsx', "import { a } from '../features/landing/account-deleted-notice';\nexport const b = a;\n"],
    ['src/web/components/ui/x.tsx', "import { a } from '@web/features/admin/api';\nexport const b = a;\n"],
    ['src/web/lib/x.ts', "import { a } from '../server/config';\nexport const b = a;\n"],
  ])('refuses shared web code in %s importing a feature or the server', async (filePath, code) => {
    expect(await rulesHit(filePath, code)).toContain('no-restricted-imports');
  });

  it.each([
    ['src/web/lib/x.ts', "export const page = () => import('../features/checkout/checkout-page');\n"],
    ['src/web/components/x.tsx', "export { a } from '@web/features/admin/api';\n"],
    ['src/server/platform/x.ts', "export const load = () => import('../features/checkout/create-checkout');\n"],
  ])('refuses shared code in %s loading a feature lazily or re-exporting one', async (filePath, code) => {
    expect(await rulesHit(filePath, code)).toContain('local/feature-boundaries');
  });

  it.each([
    ['src/server/features/gift-page/x.ts', "import { a } from '@web/lib/text';\nexport const b = a;\n"],
    ['src/server/platform/x.ts', "import { a } from '../../web/components/pager';\nexport const b = a;\n"],
    ['src/server/x.ts', "import { a } from '@web/features/admin/api';\nexport const b = a;\n"],
    ['src/server/domain/orders/x.ts', "import { a } from '../../features/checkout/create-checkout';\nexport const b = a;\n"],
    // The catalogues moved to src/shared/locales (ADR 068): no exception for them is left.
    ['src/server/features/gift-page/x.ts', "import en from '@web/locales/en/gift.json';\nexport const b = en;\n"],
    ['src/server/platform/x.ts', "import es from '../../web/locales/es/cookies.json';\nexport const b = es;\n"],
  ])('refuses server code in %s importing the web app (or, when shared, a feature)', async (filePath, code) => {
    expect(await rulesHit(filePath, code)).toContain('no-restricted-imports');
  });

  it.each([
    ['src/server/features/payouts/x.ts', "import { describe } from 'vitest';\nexport const b = describe;\n"],
    ['src/server/features/payouts/x.ts', "import { a } from '../../testing/factories';\nexport const b = a;\n"],
    ['src/server/features/payouts/x.ts', "import { a } from './payouts-test-world';\nexport const b = a;\n"],
    ['src/server/platform/storage/x.ts', "import { a } from '../../testing/storage-contract';\nexport const b = a;\n"],
    ['src/server/platform/verifactu/x.ts', "import { a } from '../../domain/invoices/write-invoice';\nexport const b = a;\n"],
    ['src/server/db/x.ts', "import { a } from '../platform/paths';\nexport const b = a;\n"],
    ['src/server/db/schema/x.ts', "import { a } from '../../domain/orders/first-name';\nexport const b = a;\n"],
    ['src/server/platform/verifactu/x.ts', "import { a } from '../../money/verifactu/verifactu-chain';\nexport const b = a;\n"],
    ['src/server/platform/payments/x.ts', "import { a } from '@server/money/ledger/record-payment';\nexport const b = a;\n"],
    ['src/server/db/x.ts', "import { a } from '../money/ledger/ledger-balances';\nexport const b = a;\n"],
    ['src/server/platform/auth/x.ts', "import { checkouts } from '../../db/schema/orders';\nexport const b = checkouts;\n"],
    ['src/server/platform/auth/x.ts', "import { enqueueMail } from '../../mail/enqueue-mail';\nexport const b = enqueueMail;\n"],
    ['src/server/platform/x.ts', "import { renderTemplate } from '../mail/templates';\nexport const b = renderTemplate;\n"],
    ['src/server/platform/auth/x.ts', "import { a } from '@server/mail/account-texts';\nexport const b = a;\n"],
    ['src/server/mail/x.ts', "import { a } from '../features/checkout/routes';\nexport const b = a;\n"],
    ['src/server/platform/auth/x.ts', "import { ledgerEntries } from '@server/db/schema/payouts';\nexport const b = ledgerEntries;\n"],
    ['src/server/money/transfers/x.ts', "import { a } from '../../features/admin/routes';\nexport const b = a;\n"],
    ['src/server/money/transfers/x.ts', "import { a } from '../payouts-test-world';\nexport const b = a;\n"],
  ])('refuses the layers\' wrong way in %s: test code in production, domain in an adapter, any layer in db', async (filePath, code) => {
    expect(await rulesHit(filePath, code)).toContain('no-restricted-imports');
  });

  /** The money module (ADR 102): outside it, its API only, and none of its tables written. */
  it.each([
    ['src/server/features/redemption/x.ts', "import { a } from '../../money/ledger/record-ledger-entries';\nexport const b = a;\n"],
    ['src/server/features/admin/x.ts', "import { a } from '@server/money/transfers/transfer-schedule';\nexport const b = a;\n"],
    ['src/server/domain/orders/x.ts', "import { a } from '../../money/invoices/write-invoice';\nexport const b = a;\n"],
    ['src/server/features/invoices/x.ts', "export const load = () => import('../../money/verifactu/verifactu-chain');\n"],
    ['src/server/x.ts', "export { recordLedgerEntries } from './money/ledger/record-ledger-entries';\n"],
    ['src/server/features/admin/x.ts', "import { transfers } from '../../db/schema/payouts';\nexport const f = (db: never) => (db as any).update(transfers).set({ state: 'due' });\n"],
    ['src/server/features/checkout/x.ts', "import { ledgerEntries } from '../../db/schema/payouts';\nexport const f = (tx: never) => (tx as any).insert(ledgerEntries).values([]);\n"],
    ['src/server/domain/orders/x.ts', "import { invoices } from '../../db/schema/invoices';\nexport const f = (tx: never) => (tx as any).delete(invoices);\n"],
  ])('refuses %s reaching into the money module or writing its tables', async (filePath, code) => {
    expect(await rulesHit(filePath, code)).toContain('local/money-module');
  });

  it.each([
    ['src/server/features/redemption/x.ts', "import { a } from '../../money/transfers/settle-redemption';\nexport const b = a;\n"],
    ['src/server/x.ts', "import { a } from './money/transfers/send-due-transfers';\nexport const b = a;\n"],
    ['src/server/features/admin/x.ts', "import { transfers } from '../../db/schema/payouts';\nexport const f = (db: never) => (db as any).select().from(transfers);\n"],
    ['src/server/money/transfers/x.ts', "import { a } from '../ledger/record-ledger-entries';\nimport { transfers } from '../../db/schema/payouts';\nexport const f = (tx: never) => [a, (tx as any).update(transfers)];\n"],
    ['src/server/features/admin/x.int.test.ts', "import { a } from '../../money/ledger/record-ledger-entries';\nexport const b = a;\n"],
    ['src/server/testing/x.ts', "import { a } from '../money/invoices/write-invoice';\nexport const b = a;\n"],
  ])('lets %s call the money module\'s API (and the module and tests reach its internals)', async (filePath, code) => {
    expect(await rulesHit(filePath, code)).not.toContain('local/money-module');
  });

  it('names every file of the money module\'s API in its README, and each exists', async () => {
    const config = await eslint.calculateConfigForFile('src/server/features/x.ts');
    const [, options] = config.rules['local/money-module'] as [unknown, { api: string[] }];
    const readme = readFileSync('src/server/money/README.md', 'utf8');
    expect(options.api.length).toBeGreaterThan(10);
    for (const file of options.api) {
      expect(existsSync(`src/server/money/${file}.ts`), file).toBe(true);
      expect(readme, file).toContain(`${file}.ts`);
    }
  });

  it.each([
    ['src/server/features/payouts/x.test.ts', "import { a } from './payouts-test-world';\nimport { describe } from 'vitest';\nexport const b = [a, describe];\n"],
    ['src/server/domain/invoices/x.ts', "import { a } from '../../platform/verifactu/aeat-formats';\nexport const b = a;\n"],
    ['src/server/db/schema/x.ts', "import { a } from '@shared/domain/order-status';\nexport const b = a;\n"],
    ['src/server/platform/auth/x.ts', "import { users } from '../../db/schema/auth';\nimport { profiles } from '../../db/schema/profiles';\nexport const b = [users, profiles];\n"],
    ['src/server/platform/x.ts', "import { a } from './mail/mail-worker';\nexport const b = a;\n"],
    ['src/server/platform/auth/x.ts', "import { a } from '../mail/mail-worker';\nexport const b = a;\n"],
    ['src/server/mail/x.ts', "import { a } from '../platform/gift-text';\nexport const b = a;\n"],
    ['src/server/app.ts', "import { a } from './features/dev-test-world/routes';\nexport const b = a;\n"],
  ])('lets %s import down the layers (and tests their helpers)', async (filePath, code) => {
    expect(await rulesHit(filePath, code)).not.toContain('no-restricted-imports');
  });

  it.each([
    ['src/server/features/gift-page/x.ts', "import en from '@shared/locales/en/gift.json';\nexport const b = en;\n"],
    ['src/server/platform/x.ts', "import es from '@shared/locales/es/cookies.json';\nexport const b = es;\n"],
    ['src/web/components/x.tsx', "import { a } from '../lib/text';\nimport { c } from './ui/button';\nexport const b = [a, c];\n"],
  ])('lets %s import what sits below it (the shared catalogues)', async (filePath, code) => {
    expect(await rulesHit(filePath, code)).not.toContain('no-restricted-imports');
  });
});
