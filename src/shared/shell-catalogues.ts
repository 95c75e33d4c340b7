/**
 * The catalogues of the page furniture every page of the single-page app draws outside the
 * page's own Suspense boundary: the skip link, the language menu and error page (`common`)
 * and the cookie banner (`cookies`). The server preloads them with every document
 * (platform/page-preloads.ts), and both entries wait for them before their first render
 * (web/app/render-app.tsx, ADR 051).
 */
export const SHELL_NAMESPACES = ['common', 'cookies'] as const;
