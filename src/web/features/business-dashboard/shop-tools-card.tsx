import { shopPath, websiteButtonHtml } from '@shared/contracts/shop-links';
import type { DashboardBusiness } from '@shared/contracts/business-dashboard';
import { Button } from '@web/components/ui/button';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { useText } from '@web/lib/text';

/**
 * The partner's tools for its own customers (ADR 067): the shop link to share, the counter
 * poster to print (A5, A4) and a button for its website — a plain link, no script, no
 * tracking. The page behind them is live while the business is listed (approved, active,
 * payouts connected); the card says so otherwise.
 */
export function ShopToolsCard({ business }: { business: DashboardBusiness }) {
  const { t, language } = useText('shop-tools');
  const shopUrl = `${window.location.origin}${shopPath(business.slug)}`;
  const snippet = websiteButtonHtml(`${window.location.origin}${shopPath(business.slug, language)}`, t('buttonLabel', { name: business.name }));
  const isLive = business.verificationStatus === 'approved' && business.isActive;

  const copy = async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(done);
    } catch {
      // No clipboard (insecure context, refused permission): the field is there to copy by hand.
      toast.message(t('copyByHand'));
    }
  };

  return (
    <Card data-testid="shop-tools">
      <CardHeader>
        <CardTitle as="h2">{t('title')}</CardTitle>
        <p className="text-sm text-muted">{isLive ? t('intro') : t('notLive')}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <Field label={t('link')}>
            <Input readOnly value={shopUrl} data-testid="shop-link" onFocus={(event) => event.currentTarget.select()} />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => void copy(shopUrl, t('linkCopied'))}>
              {t('copyLink')}
            </Button>
            <a className={buttonVariants({ variant: 'outline' })} href={shopPath(business.slug, language)} target="_blank" rel="noopener">
              {t('open')}
            </a>
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold">{t('posterTitle')}</h3>
          <p className="text-sm text-muted">{t('posterHint')}</p>
          <div className="flex flex-wrap gap-2">
            {(['a5', 'a4'] as const).map((size) => (
              <a
                key={size}
                className={buttonVariants({ variant: 'outline' })}
                href={`/api/business/shop-poster?size=${size}&lang=${language}`}
                target="_blank"
                rel="noopener"
              >
                {t('poster', { size: size.toUpperCase() })}
              </a>
            ))}
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <Field label={t('snippet')} hint={t('snippetHint')}>
            <Textarea readOnly rows={4} value={snippet} className="font-mono text-sm" data-testid="shop-snippet" />
          </Field>
          <div>
            <Button type="button" variant="outline" onClick={() => void copy(snippet, t('snippetCopied'))}>
              {t('copySnippet')}
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
