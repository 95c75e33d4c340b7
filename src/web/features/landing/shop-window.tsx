import { useEffect, useState } from 'react';
import type { FeaturedGift } from '@shared/contracts/shop';
import { buttonVariants } from '../../components/ui/button-variants';
import { useText } from '../../lib/text';

/**
 * The landing page's way into the public catalogue (ADR 067): a few of the newest gifts,
 * each linking to its server-rendered page, and "See all gifts". One small fetch after the
 * page has painted; without an answer the link alone shows. The links are plain document
 * navigations: the shop pages are the server's, not the app's.
 */
export function ShopWindow() {
  const { t, language } = useText('landing');
  const [gifts, setGifts] = useState<FeaturedGift[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/shop/featured?lang=${language}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ items?: FeaturedGift[] } | null>) : null))
      .then((answer) => setGifts(Array.isArray(answer?.items) ? answer.items : []))
      .catch(() => undefined);
    return () => controller.abort();
  }, [language]);
  return (
    <section aria-labelledby="shop-window-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <h2 id="shop-window-title" className="font-display text-3xl font-semibold text-brand-800 sm:text-4xl">
          {t('shopWindow.title')}
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-muted">{t('shopWindow.intro')}</p>
        {gifts.length > 0 ? (
          <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="featured-gifts">
            {gifts.map((gift) => (
              <li key={gift.href} className="relative flex flex-col overflow-hidden rounded-2xl border border-line bg-white">
                {gift.imageUrl ? (
                  <img src={gift.imageUrl} alt="" width={480} height={360} loading="lazy" className="aspect-[4/3] w-full object-cover" />
                ) : (
                  <div aria-hidden="true" className="aspect-[4/3] w-full bg-sand-100" />
                )}
                <div className="flex flex-1 flex-col gap-1 p-4">
                  <h3 className="font-display text-lg font-semibold">
                    <a href={gift.href} className="text-ink no-underline after:absolute after:inset-0 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sea-700">
                      {gift.name}
                    </a>
                  </h3>
                  <p className="text-sm text-muted">{t('shopWindow.by', { business: gift.businessName })}</p>
                  <p className="mt-auto font-bold text-brand-800">{gift.priceText}</p>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        <a href={`/gifts?lang=${language}`} className={buttonVariants({ variant: 'primary', size: 'lg', className: 'mt-8' })}>
          {t('shopWindow.seeAll')}
        </a>
      </div>
    </section>
  );
}
