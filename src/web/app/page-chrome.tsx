import { useText } from '../lib/text';

/*
 * What every page of the single-page app has around its content. Kept free of the design
 * system's helpers: this file is in the entry chunk.
 */

export function SkipLink() {
  // No suspense: the skip link must not blank the page while a catalogue loads.
  const { t, ready } = useText('common', { suspend: false });
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-full bg-sea-800 px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
    >
      {ready ? t('skipToContent') : 'Skip to content'}
    </a>
  );
}

export function PageFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center" aria-busy="true">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-3 border-brand-200 border-t-brand-600" />
    </div>
  );
}
