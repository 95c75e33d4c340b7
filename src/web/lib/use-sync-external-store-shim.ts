/**
 * Stands in for the `use-sync-external-store/shim` package in the browser build (vite.config.ts):
 * react-i18next imports that shim to support React 17, but React 19 has the hook, and the
 * shim's fallback code only added weight to every app page (ADR 039).
 */
export { useSyncExternalStore } from 'react';
