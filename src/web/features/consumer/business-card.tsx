import { MapPin, Store } from 'lucide-react';
import { useText } from '@web/lib/text';
import type { CatalogBusiness } from '@shared/contracts/catalog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ReportLink } from './report-link';

export function BusinessImage({ business, className }: { business: CatalogBusiness; className?: string }) {
  return business.imageUrl ? (
    <img src={business.imageUrl} alt="" loading="lazy" width={400} height={240} className={`aspect-[2/1] sm:aspect-[5/3] w-full object-cover ${className ?? ''}`} />
  ) : (
    <div aria-hidden="true" className={`flex aspect-[2/1] sm:aspect-[5/3] items-center justify-center bg-sea-50 text-sea-600 ${className ?? ''}`}>
      <Store className="size-10" />
    </div>
  );
}

export function BusinessCard({ business, onOpen }: { business: CatalogBusiness; onOpen: (id: string) => void }) {
  const { t } = useText('app');
  // The business categories' names are shared with the public pages.
  const { t: tCommon } = useText('common');
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <BusinessImage business={business} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="brand">{tCommon(`categories.${business.category}`)}</Badge>
          <span className="text-sm text-muted">{t('businesses.giftCount', { count: business.giftCount })}</span>
        </div>
        <h3 className="font-display text-lg font-semibold leading-snug">{business.name}</h3>
        <p className="flex items-start gap-1 text-sm text-muted">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {business.address}
        </p>
        {business.description ? <p className="line-clamp-3 text-sm">{business.description}</p> : null}
        <ReportLink type="business" id={business.id} name={business.name} />
        <Button
          variant="outline"
          size="sm"
          className="mt-auto self-start"
          onClick={() => onOpen(business.id)}
          aria-label={t('businesses.open', { name: business.name })}
        >
          {t('businesses.seeGifts')}
        </Button>
      </div>
    </Card>
  );
}
