import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, lazy, Suspense, useContext, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { ApiError } from '@web/lib/api-client';
import { apiErrorCode, apiErrorMessage, type ErrorTexts } from '@web/lib/api-error';
import { createAppQueryClient } from '@web/lib/query-client';
import { refreshSession } from '@web/lib/session';
import { getText, useText } from '@web/lib/text';
import { QueryFallback } from './query-fallback';
import { toast } from './ui/toast';

/** What differs between the signed-in areas (the giver's, the partner's, the back office). */
export interface AreaSettings {
  /** The area's catalogue: its `errors.<code>` sentences and its spinner's labels. */
  texts: ErrorTexts;
  /** The failure toast's title, as `namespace` + key. */
  errorTitle: readonly [namespace: string, key: string];
  /** Keys in `texts` of the "try again" and "loading" labels. */
  labels: { retry: string; loading: string };
  /**
   * Answers after which the session is read again: it ended elsewhere (401), or lost the role
   * the area needs (403 in the back office); the route guards then send the user on.
   */
  sessionEndsOn: readonly number[];
  /** The toast's id: one toast per id, so several requests failing together say it once. */
  toastId: (code: string) => string;
}

/**
 * A query's or mutation's `meta`: `inlineError` when its screen shows the error itself (e.g.
 * inside a modal dialog, where a toast would be hidden from screen readers); `ownMessageFor`
 * for the codes its screen words itself.
 */
type ErrorMeta = { inlineError?: unknown; ownMessageFor?: readonly string[] } | undefined;

/** The specification's failure toast (destructive, titled "Error", with the service's sentence). */
export function reportApiError(settings: AreaSettings, error: unknown, ...sources: unknown[]) {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  const code = apiErrorCode(error);
  const metas = sources.map((source) => (source as { meta?: ErrorMeta } | null)?.meta);
  if (metas.some((meta) => meta?.inlineError || meta?.ownMessageFor?.includes(code))) return;
  if (error instanceof ApiError && settings.sessionEndsOn.includes(error.status)) void refreshSession();
  // The texts of the language shown now: the query client lives as long as the page, and the
  // language menu can switch languages meanwhile. The area has loaded its catalogue to render.
  const [namespace, key] = settings.errorTitle;
  toast.error(getText(namespace)(key), { id: settings.toastId(code), description: apiErrorMessage(error, settings.texts) });
}

const AreaContext = createContext<AreaSettings | null>(null);

function useAreaSettings(): AreaSettings {
  const settings = useContext(AreaContext);
  if (!settings) throw new Error('Only inside a <SignedInArea>.');
  return settings;
}

/**
 * A signed-in area's frame: its own TanStack Query client (created inside the area's lazy
 * chunk, so public pages never load TanStack Query), which reports every failed request once.
 */
export function SignedInArea({ settings, children }: { settings: AreaSettings; children: ReactNode }) {
  const [queryClient] = useState(() => createAppQueryClient((error, ...sources) => reportApiError(settings, error, ...sources)));
  return (
    <AreaContext.Provider value={settings}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AreaContext.Provider>
  );
}

/** The area's failure toast, for a screen that catches an error itself (an upload, a dialog). */
export function useReportApiError(): (error: unknown) => void {
  const settings = useAreaSettings();
  return (error) => reportApiError(settings, error);
}

/** The spinner a tab shows while its data loads, while the tab's own code loads. */
export function AreaTab({ children }: { children: ReactNode }) {
  const settings = useAreaSettings();
  const { t } = useText(settings.texts);
  const fallback = (
    <QueryFallback error={null} onRetry={() => undefined} retryLabel={t(settings.labels.retry)} loadingLabel={t(settings.labels.loading)} />
  );
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

/**
 * One chunk per tab: a visit downloads the open tab's code (its dialogs, forms and texts)
 * only; the others load when chosen (ADRs 039, 046).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bound React's own lazy() puts on a component
export function lazyTab<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/**
 * The tab the address names starts downloading with the area's chunk, alongside its texts,
 * rather than after the area's first render. Returns that tab (null outside a browser).
 */
export function preloadAddressTab<T extends string>(modules: Record<T, () => Promise<unknown>>, parse: (requested: string | null) => T): T | null {
  if (typeof window === 'undefined') return null;
  const tab = parse(new URLSearchParams(window.location.search).get('tab'));
  void modules[tab]();
  return tab;
}
