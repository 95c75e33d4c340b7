import { useEffect, useState } from 'react';
import type { AuthOptions } from '@shared/contracts/auth';
import { getAuthOptions } from './auth-client';

let cached: Promise<AuthOptions> | null = null;

/**
 * What the server wrote into the page's document (`<meta name="regalo-sign-in">`, the auth
 * pages' documents carry it): known before the first render, so the form never moves when the
 * answer would otherwise arrive (a layout shift on /auth, ADR 044). Null in other documents.
 */
export function authOptionsFromDocument(): AuthOptions | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector<HTMLMetaElement>('meta[name="regalo-sign-in"]')?.content;
  return content === undefined ? null : { google: content.split(/\s+/).includes('google') };
}

/**
 * Which sign-in methods this server offers; null while unknown. Read once per page load:
 * the answer only changes when the server is reconfigured and restarted.
 */
export function useAuthOptions(): AuthOptions | null {
  const [options, setOptions] = useState<AuthOptions | null>(authOptionsFromDocument);
  const known = options !== null;
  useEffect(() => {
    if (known) return;
    let active = true;
    cached ??= getAuthOptions().catch(() => {
      cached = null;
      return { google: false };
    });
    void cached.then((value) => {
      if (active) setOptions(value);
    });
    return () => {
      active = false;
    };
  }, [known]);
  return options;
}
