import { useEffect, useState } from 'react';
import type { Operator } from '@shared/contracts/operator';

let cached: Promise<Operator | null> | null = null;

/**
 * Who runs this Regalo and how to reach them (GET /api/operator); null while
 * unknown or when the request failed. Read once per page load: it only changes with the
 * server's configuration. Plain fetch and no zod, so any page can afford it.
 */
export function useOperator(): Operator | null {
  const [operator, setOperator] = useState<Operator | null>(null);
  useEffect(() => {
    let active = true;
    cached ??= fetch('/api/operator', { headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<Operator>) : null))
      .catch(() => null)
      .then((value) => {
        if (!value) cached = null;
        return value;
      });
    void cached.then((value) => {
      if (active) setOperator(value);
    });
    return () => {
      active = false;
    };
  }, []);
  return operator;
}
