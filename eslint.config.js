import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * A feature folder never imports another feature's files (resolved paths, so `../other/x`,
 * `../../features/other/x` and `@server/features/other/x` are all caught, in static imports,
 * re-exports and lazy `import()` alike). Shared pieces belong in domain/, platform/, db/ or
 * testing/ (server, ADR 042) or in components/ and lib/ (web). There are no exceptions.
 * With `shared`, the folders listed (below the features) import no feature at all, lazily
 * included (`no-restricted-imports` sees static imports only).
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, shared: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      cross: 'Feature "{{from}}" must not import from feature "{{to}}" ({{target}}); move shared code to a shared folder.',
      shared: 'Shared code ({{from}}/) never imports a feature ("{{to}}", {{target}}).',
    },
  },
  create(context) {
    const { root, shared = [] } = context.options[0];
    const featuresDir = `${root}/features/`;
    const cwd = context.cwd ?? process.cwd();
    const relative = (file) => path.relative(cwd, file).split(path.sep).join('/');
    const featureOf = (file) => (file.startsWith(featuresDir) ? file.slice(featuresDir.length).split('/')[0] : null);
    const file = relative(context.filename);
    const sharedDir = shared.find((dir) => file.startsWith(`${root}/${dir}/`));
    const from = featureOf(file) ?? sharedDir;
    if (!from) return {};
    const check = (node) => {
      // `import('../x')` with a literal path; a computed one cannot be resolved here.
      const source = node.source?.type === 'Literal' ? node.source.value : undefined;
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('.')) target = relative(path.resolve(path.dirname(context.filename), source));
      else if (source.startsWith('@server/')) target = `src/server/${source.slice('@server/'.length)}`;
      else if (source.startsWith('@web/')) target = `src/web/${source.slice('@web/'.length)}`;
      else return;
      const to = featureOf(target);
      if (!to || to === from) return;
      context.report({ node, messageId: sharedDir ? 'shared' : 'cross', data: { from, to, target } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
/**
 * File and folder names are kebab-case: lower-case words and digits joined by hyphens, each
 * part between dots alike (`redeem-order.ts`, `money.int.test.ts`, `vite.server.config.ts`).
 * One spelling for every name means an import path can be guessed, and no two files differ
 * only by case (which macOS and Windows file systems do not tell apart).
 */
const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const kebabCaseFileNames = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      folder: 'Folder "{{name}}" in {{file}} is not kebab-case (lower-case words joined by hyphens).',
      file: 'File name "{{name}}" is not kebab-case (lower-case words joined by hyphens, parts between dots alike).',
    },
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const file = path.relative(cwd, context.filename).split(path.sep).join('/');
    if (file.startsWith('..') || path.isAbsolute(file)) return {};
    const parts = file.split('/');
    const name = parts.pop();
    return {
      Program(node) {
        for (const folder of parts) {
          if (!KEBAB_CASE.test(folder)) context.report({ node, messageId: 'folder', data: { name: folder, file } });
        }
        if (!name.split('.').every((part) => KEBAB_CASE.test(part))) context.report({ node, messageId: 'file', data: { name } });
      },
    };
  },
};
/**
 * Money lives in one module, src/server/money (ADR 102): every euro a ledger row, balances sums
 * of rows, each movement settled once. Outside it, code calls the module's API, the files named
 * in `api` (the README lists them), and never its internals: the writers of ledger rows,
 * transfers, invoices and VERI*FACTU records, which keep those promises only when nothing else
 * writes beside them. For the same reason no code outside the module inserts, updates or
 * deletes rows of the money tables itself (`db.insert(ledgerEntries)` and the like; the names
 * are those of the Drizzle schema). Tests, test helpers and the demo seed are exempt: they
 * build histories the API alone cannot.
 */
const moneyModule = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          api: { type: 'array', items: { type: 'string' } },
          tables: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      internal: '{{target}} is internal to the money module; outside {{root}}/ import only its API (listed in {{root}}/README.md).',
      write: 'Only the money module writes `{{table}}`; call its API (listed in {{root}}/README.md).',
    },
  },
  create(context) {
    const { root, api, tables } = context.options[0];
    const cwd = context.cwd ?? process.cwd();
    const relative = (file) => path.relative(cwd, file).split(path.sep).join('/');
    const file = relative(context.filename);
    if (file.startsWith(`${root}/`)) return {};
    const apiFiles = new Set(api.map((name) => `${root}/${name}`));
    const check = (node) => {
      const source = node.source?.type === 'Literal' ? node.source.value : undefined;
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('.')) target = relative(path.resolve(path.dirname(context.filename), source));
      else if (source.startsWith('@server/')) target = `src/server/${source.slice('@server/'.length)}`;
      else return;
      target = target.replace(/\.(ts|js)$/, '');
      if (!target.startsWith(`${root}/`) || apiFiles.has(target)) return;
      context.report({ node, messageId: 'internal', data: { target, root } });
    };
    const writes = new Set(['insert', 'update', 'delete']);
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !writes.has(callee.property.name)) return;
        const [table] = node.arguments;
        if (table?.type === 'Identifier' && tables.includes(table.name)) context.report({ node, messageId: 'write', data: { table: table.name, root } });
      },
    };
  },
};
/**
 * The money module's API (ADR 102; src/server/money/README.md says what each is for). A file
 * joins it only when code outside the module needs it and it writes nothing the module must
 * keep to itself.
 */
const MONEY_API = [
  // Movements: what a payment, a redemption, a refund, an expiry does to the money.
  'ledger/record-payment', 'transfers/settle-redemption', 'ledger/record-redemption-undo', 'refunds/refund-paid-order', 'refunds/exchange-paid-order', 'refunds/unspent-amounts', 'ledger/record-expiry',
  'transfers/apply-payout-event', 'transfers/retry-transfer',
  // Jobs (started from background-jobs.ts): settle what is due, send, reconcile, mail, issue.
  'transfers/send-due-transfers', 'transfers/pay-out-test-transfers', 'refunds/retry-pending-refunds',
  'reconciliation/run-daily-reconciliation', 'statements/send-statement-emails', 'invoices/issue-due-invoices',
  'verifactu/database-verifactu-queue',
  // Payout accounts.
  'payout-accounts/start-payout-onboarding', 'payout-accounts/refresh-payout-onboarding',
  'payout-accounts/complete-test-onboarding', 'payout-accounts/get-business-payouts', 'payout-accounts/payout-account-view',
  // Reads: balances, transfers, a month's statement, invoices and their documents, the records.
  'ledger/ledger-balances', 'transfers/list-transfers', 'transfers/order-transfer-state',
  'statements/get-business-statement', 'statements/list-month-totals', 'statements/format-statement-csv',
  'statements/statement-business', 'statements/payouts-text',
  'invoices/cancel-invoice', 'invoices/list-invoices', 'invoices/list-missing-invoicing-data', 'invoices/list-dac7-missing-seller-data', 'invoices/rectify-invoice-recipient', 'invoices/get-invoice-book',
  'invoices/format-invoice-book-csv', 'invoices/get-dac7-report', 'invoices/format-dac7-csv', 'invoices/load-invoice-document',
  'invoices/render-invoice-html', 'invoices/render-invoice-pdf', 'invoices/invoice-text',
  'verifactu/list-verifactu-records', 'verifactu/list-verifactu-submissions', 'verifactu/verify-verifactu-chain',
  'verifactu/verify-chain', 'verifactu/verifactu-installation-number',
];
/** The tables only the money module writes (their Drizzle names). */
const MONEY_TABLES = [
  'ledgerEntries', 'transfers', 'transferAttempts', 'orderRefunds', 'reconciliationRuns', 'reconciliationDifferences',
  'payoutAccounts', 'payments', 'giftMovements', 'redemptions', 'redemptionUndos', 'statementEmails',
  'invoices', 'invoiceLines', 'invoiceCancellations', 'verifactuRecords', 'verifactuSubmissions', 'verifactuQueueState',
];
const local = { rules: { 'feature-boundaries': featureBoundaries, 'kebab-case-file-names': kebabCaseFileNames, 'money-module': moneyModule } };

// ESLint applies the last matching block's `no-restricted-imports`, so each block repeats the
// zones that also hold for its files.
const webNeverImportsServer = { group: ['@server/*', '**/server/**'], message: 'The web app never imports server code.' };
/**
 * The server never reaches into the web app's code, not even its texts: the catalogues both
 * read live in src/shared/locales (ADR 068).
 */
const serverNeverImportsWeb = {
  group: ['@web/*', '**/web/**'],
  message: 'Server code never imports the web app; shared code goes to src/shared.',
};

const sharedNeverImportsFeatures = { group: ['**/features/**', '@server/features/*'], message: 'Shared server code never imports a feature.' };
/**
 * Test code: tests, the test helpers, features' test worlds; and what builds data with the test
 * factories: the demo seed and the development-only test-world endpoints (DEV_TOOLS, which
 * app.ts registers: they are tools, not tests).
 */
const testCode = ['src/server/**/*.test.ts', 'src/server/testing/**', 'src/server/**/*-test-world.ts', 'src/server/features/dev-test-world/**', 'src/server/db/seed/**'];
const productionNeverImportsTests = [
  { group: ['vitest', '**/testing/**', '@server/testing/*', './*-test-world', '../*-test-world', '../*/*-test-world', '../../features/*/*-test-world', '**/money/*-test-world', '**/money/*/*-test-world'], message: 'Production code never imports test code.' },
];

/**
 * What an adapter (platform/) must not import: the product's rules (domain/, money/), its
 * wording (the mail module, src/server/mail: an adapter's mails are handed to it at start-up),
 * and the product's tables (ADR 102). `mailPaths` are the mail module's relative spellings.
 */
function adapterPatterns(mailPaths) {
  return [
    sharedNeverImportsFeatures,
    serverNeverImportsWeb,
    ...productionNeverImportsTests,
    {
      group: ['../domain/**', '../../domain/**', '../../../domain/**', '@server/domain/*', '../money/**', '../../money/**', '../../../money/**', '@server/money/*'],
      message: 'An adapter (platform/) never imports the product\'s rules (domain/, money/).',
    },
    { group: [...mailPaths, '@server/mail/*'], message: 'An adapter (platform/) never imports the mail module\'s wording (src/server/mail); the server hands it the mails it sends (ADR 102).' },
    {
      group: ['**/db/schema/admin-audit-log', '**/db/schema/businesses', '**/db/schema/contacts', '**/db/schema/gifts', '**/db/schema/invoices', '**/db/schema/listing-reports', '**/db/schema/orders', '**/db/schema/owner-notices', '**/db/schema/payouts', '**/db/schema/statements'],
      message: 'An adapter (platform/) keeps to its own tables (accounts, sessions, profiles, the mail outbox): what the product does with purchases, gifts or money on an adapter\'s event (a purchase claimed at sign-in, say) belongs to a feature (ADR 102).',
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist', 'dist-*', '.dist-*', 'data', '.test-data', 'backups', 'node_modules', 'test-results', '.test-results-*',
      'playwright-report', 'bench/results', 'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { local },
    rules: {
      'local/kebab-case-file-names': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app never reaches into the server.
      'no-restricted-imports': ['error', { patterns: [webNeverImportsServer] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@server/*', '@web/*', '**/server/**', '**/web/**'] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    plugins: { local },
    rules: { 'local/feature-boundaries': ['error', { root: 'src/server', shared: ['domain', 'platform', 'testing', 'money', 'mail'] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverNeverImportsWeb] }] },
  },
  {
    // Production code never imports test code: the test helpers (testing/), vitest, or a
    // feature's test world. (Tests and test worlds may; so may the demo seed, which builds the
    // demo with the test factories, and testing/ itself.)
    files: ['src/server/**/*.ts'],
    ignores: testCode,
    rules: { 'no-restricted-imports': ['error', { patterns: [serverNeverImportsWeb, ...productionNeverImportsTests] }] },
  },
  {
    // The shared server folders are below the features: a feature may use them, never the
    // reverse (app.ts, the scripts and the demo seed compose features; they are not shared code).
    files: ['src/server/domain/**/*.ts', 'src/server/platform/**/*.ts', 'src/server/testing/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [sharedNeverImportsFeatures, serverNeverImportsWeb] }],
    },
  },
  {
    // The layers of the shared server code (ADR 096): db at the bottom, then the adapters in
    // platform/, then the rules in domain/. An adapter knows nothing of the product's rules, and
    // the database knows neither.
    files: ['src/server/domain/**/*.ts'],
    ignores: testCode,
    rules: { 'no-restricted-imports': ['error', { patterns: [sharedNeverImportsFeatures, serverNeverImportsWeb, ...productionNeverImportsTests] }] },
  },
  {
    // The money module and the mail module (ADR 102) sit with the rules, below the features:
    // they never import one.
    files: ['src/server/money/**/*.ts', 'src/server/mail/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [sharedNeverImportsFeatures, serverNeverImportsWeb] }] },
  },
  {
    files: ['src/server/money/**/*.ts', 'src/server/mail/**/*.ts'],
    ignores: testCode,
    rules: { 'no-restricted-imports': ['error', { patterns: [sharedNeverImportsFeatures, serverNeverImportsWeb, ...productionNeverImportsTests] }] },
  },
  {
    // Outside the money module, production code calls its API and writes none of its tables.
    files: ['src/server/**/*.ts'],
    ignores: testCode,
    plugins: { local },
    rules: { 'local/money-module': ['error', { root: 'src/server/money', api: MONEY_API, tables: MONEY_TABLES }] },
  },
  {
    files: ['src/server/platform/**/*.ts'],
    ignores: testCode,
    rules: { 'no-restricted-imports': ['error', { patterns: adapterPatterns(['../../mail/**', '../../../mail/**']) }] },
  },
  {
    // From platform/ itself, `../mail/` is the mail module (from a sub-folder it is the transport).
    files: ['src/server/platform/*.ts'],
    ignores: testCode,
    rules: { 'no-restricted-imports': ['error', { patterns: adapterPatterns(['../mail/**']) }] },
  },
  {
    files: ['src/server/db/**/*.ts'],
    ignores: [...testCode, 'src/server/db/seed/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverNeverImportsWeb,
            ...productionNeverImportsTests,
            {
              group: ['../platform/**', '../../platform/**', '../domain/**', '../../domain/**', '../money/**', '../../money/**', '../features/**', '../../features/**', '@server/*'],
              message: 'The database layer (db/) imports no other server layer.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared web code sits below the features: components/ and lib/ serve every feature and
    // never import one (what two features need moves down into them; the router in app/
    // composes the features).
    files: ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**', '@web/features/*'], message: 'Shared web code (components/, lib/) never imports a feature.' },
            webNeverImportsServer,
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { local },
    rules: { 'local/feature-boundaries': ['error', { root: 'src/web', shared: ['components', 'lib'] }] },
  },
  {
    // Features of the web app stay independent: shared code goes to components/ or lib/.
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../features/*', '@web/features/*'], message: 'No cross-feature imports; move shared code to components/ or lib/.' },
            webNeverImportsServer,
          ],
        },
      ],
    },
  },
);
