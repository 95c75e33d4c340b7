import { CheckCircle2, Circle, PartyPopper } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { launchStepPaths } from '@shared/domain/launch-steps';
import { QueryFallback } from '@web/components/query-fallback';
import { SupportLink } from '@web/components/support-link';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { apiErrorMessage } from '@web/lib/api-error';
import { useText } from '@web/lib/text';
import { useLaunchChecklist } from './api';

/**
 * An approved business's one list from approval to its first sale (accept the commission,
 * connect payouts, complete the invoicing details, create the first gift), each step as the
 * server reads it from the data with a link to where it is done; "you are live" only when the
 * shop window really sells one of its gifts. The approval email lists the same steps.
 */
export function LaunchChecklistCard({ shopSlug }: { shopSlug: string }) {
  const { t, language } = useText('dashboard');
  const titleId = useId();
  const query = useLaunchChecklist();
  const checklist = query.data;

  if (!checklist) {
    return (
      <QueryFallback
        error={query.isError ? `${t('launch.loadError')} ${apiErrorMessage(query.error, 'dashboard')}` : null}
        onRetry={() => void query.refetch()}
        retryLabel={t('common.retry')}
        loadingLabel={t('common.loading')}
      />
    );
  }

  if (checklist.isLive) {
    return (
      <Card data-testid="launch-checklist" data-live="true" aria-labelledby={titleId} role="region" className="border-green-300 bg-green-50/60">
        <CardHeader className="flex-row items-start gap-3">
          <PartyPopper aria-hidden="true" className="size-7 shrink-0 text-green-800" />
          <div className="flex flex-col gap-1.5">
            <CardTitle as="h2" id={titleId}>
              {t('launch.live.title')}
            </CardTitle>
            <CardDescription className="text-base">{t('launch.live.description')}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          {/* The shop page is server-rendered (ADR 067): a document link, not a route of the app. */}
          <a href={`/b/${encodeURIComponent(shopSlug)}?lang=${language}`} className={buttonVariants({ variant: 'outline' })}>
            {t('launch.live.open')}
          </a>
        </CardContent>
      </Card>
    );
  }

  const doneCount = checklist.steps.filter((step) => step.done).length;
  const fields = checklist.missingDetails.map((field) => t(`launch.fields.${field}`)).join(', ');
  return (
    <Card data-testid="launch-checklist" data-live="false" aria-labelledby={titleId} role="region" className="border-saffron-300 bg-saffron-100/40">
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          {t('launch.title')}
        </CardTitle>
        <CardDescription className="text-base">{t('launch.intro')}</CardDescription>
        <p className="text-sm font-semibold" data-testid="launch-progress">
          {t('launch.progress', { done: doneCount, total: checklist.steps.length })}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ol className="flex flex-col gap-3">
          {checklist.steps.map(({ key, done }, index) => (
            <li key={key} data-testid={`launch-step-${key}`} data-done={done} className="flex items-start gap-3 rounded-xl border border-line bg-white p-3">
              {done ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
              ) : (
                <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
              )}
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="font-semibold">
                  {index + 1}. {t(`launch.steps.${key}.title`)}{' '}
                  <span className={done ? 'text-sm font-normal text-green-800' : 'text-sm font-normal text-muted'}>
                    ({t(done ? 'launch.done' : 'launch.todo')})
                  </span>
                </p>
                {key === 'invoicing' && !done ? <p className="text-sm">{t('launch.missing', { fields })}</p> : null}
                {done ? null : (
                  <Link to={launchStepPaths[key]} className="w-fit text-sm font-semibold text-sea-700 underline underline-offset-4">
                    {t(`launch.steps.${key}.action`)}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ol>
        {doneCount === checklist.steps.length ? (
          <div className="flex flex-col gap-1 text-sm">
            <p>{t('launch.stuck')}</p>
            <SupportLink />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
