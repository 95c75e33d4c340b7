/**
 * Installs the business app's service worker (public/sw.js, ADR 033) from the dashboard
 * only, so the landing page and the consumer area never pay for it. The page then tells the
 * worker which hashed assets it has already loaded (its lazy chunks and catalogues are not
 * in the HTML), so the next start works on a weak signal too.
 */
export function registerServiceWorker() {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
      registration.active?.postMessage({ type: 'cache-assets', urls });
    })
    .catch((error: unknown) => {
      // The app works without it; only the offline shell is lost.
      console.warn('service worker not registered', error);
    });
}
