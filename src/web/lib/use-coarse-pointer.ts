import { useEffect, useState } from 'react';

const QUERY = '(pointer: coarse)';

function matches(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.(QUERY).matches === true;
}

/**
 * Whether the main pointer is a finger: on a phone or tablet nothing can be dragged onto the
 * page, so a drop zone there offers to choose a file instead of inviting a drag. Follows a
 * change (a tablet docked to a mouse) while mounted.
 */
export function useCoarsePointer(): boolean {
  const [isCoarse, setCoarse] = useState(matches);
  useEffect(() => {
    const list = typeof window !== 'undefined' ? window.matchMedia?.(QUERY) : undefined;
    if (!list) return;
    const onChange = () => setCoarse(list.matches);
    list.addEventListener?.('change', onChange);
    return () => list.removeEventListener?.('change', onChange);
  }, []);
  return isCoarse;
}
