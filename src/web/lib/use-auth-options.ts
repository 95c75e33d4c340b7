import { useEffect, useState } from 'react';
import type { AuthOptions } from '@shared/contracts/auth';
import { getAuthOptions } from './auth-client';

let cached: Promise<AuthOptions> | null = null;

/**
 * Which sign-in methods this server offers; null while unknown. Read once per page load:
 * the answer only changes when the server is reconfigured and restarted.
 */
export function useAuthOptions(): AuthOptions | null {
  const [options, setOptions] = useState<AuthOptions | null>(null);
  useEffect(() => {
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
  }, []);
  return options;
}
