import { useCallback, useEffect, useRef } from 'react';
import { saveSignupDraft } from './api';
import { DRAFT_SAVE_DELAY_MS, toDraftBody } from './wizard-draft';

/**
 * Keeps step 1 on the server while the owner fills it (ADR 066): saved a moment after typing
 * stops, on "Next" (`flush`), and when the page goes away; only what changed since the last
 * save is sent, and a failed save is retried with the next change. `stop` after the
 * registration: the server deleted the draft with it, so nothing more is saved.
 */
export function useSignupDraft(values: Record<string, unknown>, hasPhoto: boolean, initialBody: string) {
  const isStopped = useRef(false);
  const lastSaved = useRef(initialBody);
  const pending = useRef<string | null>(null);

  const flush = useCallback(() => {
    const body = pending.current;
    pending.current = null;
    if (body === null || isStopped.current || body === lastSaved.current) return;
    lastSaved.current = body;
    saveSignupDraft(JSON.parse(body) as Parameters<typeof saveSignupDraft>[0]).catch(() => {
      lastSaved.current = '';
    });
  }, []);

  useEffect(() => {
    pending.current = JSON.stringify(toDraftBody(values, hasPhoto));
    const timer = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, hasPhoto, flush]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const stop = useCallback(() => {
    isStopped.current = true;
    pending.current = null;
  }, []);

  return { flush, stop };
}
