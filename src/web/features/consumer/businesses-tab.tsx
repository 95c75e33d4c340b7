import { ArrowLeft, MapPin } from 'lucide-react';
import { useText } from '@web/lib/text';
import { CATALOG_PAGE_SIZE, CATALOG_SEARCH_MAX_LENGTH } from '@shared/contracts/catalog-options';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useCatalogBusiness, useCatalogBusinesses } from './api';
import { BookingInfo } from './booking-info';
import { BusinessCard, BusinessImage } from './business-card';
import { CategorySelect } from './category-select';
import { GiftCard } from './gift-card';
import { ReportLink } from './report-link';
import { Pager } from '@web/components/pager';
import { QueryState } from './query-state';
import { ResultsStatus } from './results-status';
import { SearchInput } from './search-input';
import { useAddToCart } from './use-add-to-cart';
import { useCatalogFilters } from './use-catalog-filters';

interface BusinessesTabProps {
  openBusinessId: string | null;
  onOpenBusiness: (id: string | null) => void;
}

export function BusinessesTab({ openBusinessId, onOpenBusiness }: BusinessesTabProps) {
  if (openBusinessId) return <BusinessPanel id={openBusinessId} onBack={() => onOpenBusiness(null)} />;
  return <BusinessList onOpen={onOpenBusiness} />;
}

function BusinessList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useText('app');
  const filters = useCatalogFilters();
  const { q, category, page, setPage } = filters;
  const query = useCatalogBusinesses({ q, category, page });

  return (
    <section aria-labelledby="businesses-title" className="flex flex-col gap-4">
      <h2 id="businesses-title" className="font-display text-2xl font-semibold">
        {t('businesses.title')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <SearchInput
          label={t('businesses.searchLabel')}
          placeholder={t('businesses.searchPlaceholder')}
          value={filters.text}
          onChange={filters.setText}
          maxLength={CATALOG_SEARCH_MAX_LENGTH}
        />
        <CategorySelect
          value={filters.category}
          onChange={filters.setCategory}
        />
      </div>
      <ResultsStatus>
        {query.data === undefined ? null : query.data.items.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line p-6 text-center text-muted">
            {filters.isFiltered ? t('businesses.noResults') : t('businesses.empty')}
          </p>
        ) : (
          <p className="text-sm text-muted">{t('businesses.count', { count: query.data.total })}</p>
        )}
      </ResultsStatus>
      <QueryState query={query}>
        {(data) =>
          // The count and "no results" are in ResultsStatus above, announced when they change.
          data.items.length === 0 ? null : (
            <>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {data.items.map((business) => (
                  <li key={business.id} className="flex">
                    <BusinessCard business={business} onOpen={onOpen} />
                  </li>
                ))}
              </ul>
              <Pager
                page={data.page}
                total={data.total}
                pageSize={CATALOG_PAGE_SIZE}
                onPage={setPage}
                label={t('businesses.title')}
                texts="app"
              />
            </>
          )
        }
      </QueryState>
    </section>
  );
}

// Opening a business replaces the list: move focus (and the view) to its name, so keyboard
// and screen-reader users land on what just appeared.
const focusOnMount = (element: HTMLElement | null) => {
  element?.focus({ preventScroll: true });
  element?.scrollIntoView({ block: 'center' });
};

function BusinessPanel({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useText('app');
  // The business categories' names are shared with the public pages.
  const { t: tCommon } = useText('common');
  const query = useCatalogBusiness(id);
  const addToCart = useAddToCart();

  return (
    <section aria-labelledby="business-title" className="flex flex-col gap-4">
      <Button variant="ghost" size="sm" className="self-start" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        {t('businesses.back')}
      </Button>
      <QueryState query={query}>
        {({ business, gifts }) => (
          <>
            <div className="overflow-hidden rounded-2xl border border-line bg-white shadow-soft sm:grid sm:grid-cols-[2fr_3fr]">
              <BusinessImage business={business} className="h-full" />
              <div className="flex flex-col gap-2 p-5">
                <Badge variant="brand" className="self-start">
                  {tCommon(`categories.${business.category}`)}
                </Badge>
                <h2 id="business-title" ref={focusOnMount} tabIndex={-1} className="font-display text-2xl font-semibold focus:outline-none">
                  {business.name}
                </h2>
                <p className="flex items-start gap-1 text-sm text-muted">
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {business.address}
                </p>
                {business.description ? <p>{business.description}</p> : null}
                <BookingInfo booking={business.booking} />
                <ReportLink type="business" id={business.id} name={business.name} />
              </div>
            </div>
            <h3 className="font-display text-xl font-semibold">{t('businesses.availableGifts')}</h3>
            {gifts.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-line p-6 text-center text-muted">
                {t('businesses.noGifts')}
              </p>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {gifts.map((gift) => (
                  <li key={gift.id} className="flex">
                    <GiftCard gift={gift} onAdd={addToCart} showBusiness={false} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
