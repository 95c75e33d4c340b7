import { useCallback, useEffect, useMemo, useState } from 'react';

/**
 * The business photo picked in step 1. Kept by the wizard, not the step, so it survives
 * moving between steps until the submit sends it. A restored draft that had one cannot
 * bring the file back: `isLost` says so until another is chosen.
 */
export function useRegistrationPhoto(hadPhoto: boolean) {
  const [photo, setPhoto] = useState<File | null>(null);
  const [isLost, setLost] = useState(hadPhoto);
  const url = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  const choose = useCallback((file: File | null) => {
    setPhoto(file);
    if (file) setLost(false);
  }, []);
  return { photo, url, isLost, choose };
}
