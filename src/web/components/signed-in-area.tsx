import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { ApiError } from '@web/lib/api-client';
import { apiErrorCode, apiErrorMessage, type ErrorTexts } from '@web/lib/api-error';
import { createAppQueryClient } from '@web/lib/query-client';
import { refreshSession } from '@web/lib/session';
import { getText, useText } from '@web/lib/text';
import { QueryFallback } from './query-fallback';
import { toast } from './ui/toast';

/** What differs between the signed-in areas (the giver's, the partner's, the back office). */
export interface AreaSettings {
  /** The area's catalogue, with its `errors.<code>` sentences. */
  texts: ErrorTexts;
  /**
   * Answers after which the session is read again: it ended elsewhere (401, the default), or
   * lost the role the area needs (403 in the back office); the route guards then send the user on.
   */
  sessionEndsOn?: readonly number[];
}

/**
 * A query's or mutation's `meta`: `inlineError` when its screen shows the error itself (e.g.
 * inside a modal dialog, where a toast would be hidden from screen readers); `ownMessageFor`
 * for the codes its screen words itself.
 */
type ErrorMeta = { inlineError?: unknown; ownMessageFor?: readonly string[] } | undefined;

/**
 * The specification's failure toast: destructive, titled "Error", with the service's sentence
 * in the language shown now (the query client lives as long as the page, and the language
 * menu can switch meanwhile). One toast per code: several requests failing together say it once.
 */
export function reportApiError(settings: AreaSettings, error: unknown, ...sources: unknown[]) {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  const code = apiErrorCode(error);
  if (sources.some((source) => {
    const meta = (source as { meta?: ErrorMeta } | null)?.meta;
    return meta?.inlineError || meta?.ownMessageFor?.includes(code);
  })) return;
  if (error instanceof ApiError && (settings.sessionEndsOn ?? [401]).includes(error.status)) void refreshSession();
  toast.error(getText('common')('error'), { id: `api-error-${code}`, description: apiErrorMessage(error, settings.texts) });
}

/**
 * A signed-in area's frame: its own TanStack Query client (created inside the area's lazy
 * chunk, so public pages never load TanStack Query), which reports every failed request once.
 */
export function SignedInArea({ settings, children }: { settings: AreaSettings; children: ReactNode }) {
  const [queryClient] = useState(() => createAppQueryClient((error, ...sources) => reportApiError(settings, error, ...sources)));
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** The spinner a tab shows while its data loads, while the tab's own code loads. */
export function AreaTab({ children }: { children: ReactNode }) {
  const { t } = useText('common');
  return <Suspense fallback={<QueryFallback error={null} onRetry={() => undefined} retryLabel="" loadingLabel={t('loading')} />}>{children}</Suspense>;
}

/**
 * One chunk per tab: a visit downloads the open tab's code (its dialogs, forms and texts)
 * only; the others load when chosen (ADRs 039, 046).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bound React's own lazy() puts on a component
export function lazyTab<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
