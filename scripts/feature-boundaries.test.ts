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
});
