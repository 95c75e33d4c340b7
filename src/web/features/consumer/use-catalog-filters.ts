import { useState } from 'react';
import type { BusinessCategory } from '@shared/domain/business';
import { useDebouncedValue } from './use-debounced-value';

/**
 * Search text and category of a catalogue list, with its page: changing a filter goes back
 * to page 1, and the text reaches the server debounced and trimmed.
 */
export function useCatalogFilters() {
  const [text, setTextValue] = useState('');
  const [category, setCategoryValue] = useState<BusinessCategory | undefined>();
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(text.trim());
  return {
    text,
    category,
    page,
    setPage,
    /** The debounced search text, or undefined when there is none. */
    q: q || undefined,
    isFiltered: Boolean(q || category),
    setText(value: string) {
      setTextValue(value);
      setPage(1);
    },
    setCategory(value: BusinessCategory | undefined) {
      setCategoryValue(value);
      setPage(1);
    },
  };
}
