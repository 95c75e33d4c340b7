import { useState } from 'react';
import { useText } from '@web/lib/text';
import { CATALOG_SEARCH_MAX_LENGTH, firstGiftsListing, giftSorts, GIFTS_TAB_PAGE_SIZE, type GiftSort } from '@shared/contracts/catalog-options';
import { Field } from '@web/components/ui/field';
import { controlClasses } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { useCatalogGifts } from './api';
import { CategorySelect } from './category-select';
import { GiftCard } from './gift-card';
import { Pager } from '@web/components/pager';
import { QueryState } from './query-state';
import { ResultsStatus } from './results-status';
import { SearchInput } from './search-input';
import { useAddToCart } from './use-add-to-cart';
import { useCatalogFilters } from './use-catalog-filters';

export function GiftsTab() {
  const { t } = useText('app');
  const filters = useCatalogFilters();
  const { q, category, page, setPage } = filters;
  const [sort, setSort] = useState<GiftSort>(firstGiftsListing.sort);
  const query = useCatalogGifts({ q, category, sort, page, pageSize: GIFTS_TAB_PAGE_SIZE });
  const addToCart = useAddToCart();

  return (
    <section aria-labelledby="gifts-title" className="flex flex-col gap-4">
      <h2 id="gifts-title" className="font-display text-2xl font-semibold">
        {t('gifts.title')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <SearchInput
          label={t('gifts.searchLabel')}
          placeholder={t('gifts.searchPlaceholder')}
          value={filters.text}
          onChange={filters.setText}
          maxLength={CATALOG_SEARCH_MAX_LENGTH}
        />
        <CategorySelect
          value={filters.category}
          onChange={filters.setCategory}
        />
        <Field label={t('gifts.sortLabel')}>
          <select
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as GiftSort);
              setPage(1);
            }}
            className={cn(controlClasses, 'min-h-11 cursor-pointer py-2')}
          >
            {giftSorts.map((option) => (
              <option key={option} value={option}>
                {t(`gifts.sort.${option}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <ResultsStatus>
        {query.data === undefined ? null : query.data.items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line p-6 text-center text-muted">
            {filters.isFiltered ? t('gifts.noResults') : t('gifts.empty')}
          </p>
        ) : (
          <p className="text-sm text-muted">{t('gifts.count', { count: query.data.total })}</p>
        )}
      </ResultsStatus>
      <QueryState query={query}>
        {(data) =>
          // The count and "no results" are in ResultsStatus above, announced when they change.
          data.items.length === 0 ? null : (
            <>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {data.items.map((gift, index) => (
                  <li key={gift.id} className="flex">
                    <GiftCard gift={gift} onAdd={addToCart} isFirst={index === 0} />
                  </li>
                ))}
              </ul>
              <Pager page={data.page} total={data.total} pageSize={GIFTS_TAB_PAGE_SIZE} onPage={setPage} label={t('gifts.title')} texts="app" />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
