import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rule that keeps file and folder names kebab-case (eslint.config.js). */
describe('kebab-case file and folder names', () => {
  const eslint = new ESLint();
  const messages = async (filePath: string) => {
    const [result] = await eslint.lintText('export const a = 1;\n', { filePath });
    return result!.messages.filter((m) => m.ruleId === 'local/kebab-case-file-names').map((m) => m.message);
  };

  it.each([
    'src/server/features/checkout/create-checkout.ts',
    'src/server/db/migrations-drizzle.test.ts',
    'src/server/money-reconciliation.int.test.ts',
    'src/web/features/business-dashboard/redeem/redeem-tab.tsx',
    'e2e/support/axe.ts',
    'vite.server.config.ts',
    'bench/route-js.mjs',
    'src/server/domain/orders/v2-price.ts',
  ])('lets %s be', async (filePath) => {
    expect(await messages(filePath)).toEqual([]);
  });

  it.each([
    ['src/server/features/checkout/createCheckout.ts', 'File name "createCheckout.ts"'],
    ['src/server/features/checkout/create_checkout.ts', 'File name "create_checkout.ts"'],
    ['src/web/components/ui/Button.tsx', 'File name "Button.tsx"'],
    ['src/server/features/checkout/create--checkout.ts', 'File name "create--checkout.ts"'],
    ['src/server/features/giftPage/read-gift.ts', 'Folder "giftPage"'],
    ['src/web/features/my_orders/orders-tab.tsx', 'Folder "my_orders"'],
    ['e2e/Checkout.spec.ts', 'File name "Checkout.spec.ts"'],
  ])('refuses %s', async (filePath, expected) => {
    const found = await messages(filePath);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(expected);
  });
});
