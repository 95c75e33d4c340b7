import { AlertTriangle, CheckCircle2, Clock, Download, FileText, HelpCircle, XCircle } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useText } from '@web/lib/text';
import type { DashboardBusiness } from '@shared/contracts/business-dashboard';
import { formatDate } from '@shared/format';
import { SupportLink } from '@web/components/support-link';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatPercent } from '@shared/format';
import { verificationBadge, verificationView, type VerificationView } from './verification-status';
import { LaunchChecklistCard } from './launch-checklist-card';

// Only a rejected business sees the resubmission form (its uploads and mutation): its own chunk.
const ResubmitCard = lazy(() => import('./resubmit-card').then((m) => ({ default: m.ResubmitCard })));

const statusIcons = {
  pending: Clock,
  verified: CheckCircle2,
  rejected: XCircle,
  unknown: HelpCircle,
} as const;

const statusTones: Record<VerificationView, string> = {
  pending: 'bg-amber-50 text-amber-800',
  verified: 'bg-green-50 text-green-800',
  rejected: 'bg-red-50 text-red-800',
  unknown: 'bg-stone-100 text-stone-700',
};

export function VerificationTab({ business }: { business: DashboardBusiness }) {
  const { t, language } = useText('dashboard');
  const view = verificationView(business.verificationStatus);
  const Icon = statusIcons[view];
  const notProvided = t('common.notProvided');

  return (
    <div className="flex flex-col gap-4">
      {/* What is left before the first sale, and "live" only once a gift is on sale. */}
      {business.verificationStatus === 'approved' ? <LaunchChecklistCard shopSlug={business.slug} /> : null}
      <Card data-testid="verification-card" data-status={view}>
        <CardHeader className="flex-row items-start gap-4">
          <span className={`inline-flex size-12 shrink-0 items-center justify-center rounded-full ${statusTones[view]}`}>
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <div className="flex flex-col gap-1.5">
            <CardTitle as="h2">{t(`verification.${view}.title`)}</CardTitle>
            <p className="flex flex-wrap items-center gap-2 text-sm">
              {t('verification.statusLabel')}
              <Badge variant={verificationBadge(view)} data-testid="verification-status">
                {t(`status.${view}`)}
              </Badge>
            </p>
            <CardDescription className="text-base">{t(`verification.${view}.description`)}</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <p className="rounded-xl bg-sand-100 p-3 text-sm">{t(`verification.${view}.hint`)}</p>
          {view === 'rejected' || view === 'unknown' ? <SupportLink className="text-sm" /> : null}
          {view === 'rejected' && business.rejectionReason ? (
            <div className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm">
              <p className="font-semibold text-red-800">{t('verification.rejected.reasonLabel')}</p>
              <p className="whitespace-pre-line">{business.rejectionReason}</p>
            </div>
          ) : null}
        </CardContent>
      </Card>

      {view === 'rejected' ? (
        <Suspense fallback={null}>
          <ResubmitCard business={business} />
        </Suspense>
      ) : null}

      {view === 'pending' && !business.isActive ? (
        <Card className="border-amber-300 bg-amber-50/60" data-testid="action-required">
          <CardHeader className="flex-row items-center gap-3">
            <AlertTriangle aria-hidden="true" className="size-6 shrink-0 text-amber-800" />
            <CardTitle as="h2">{t('verification.actionRequired.title')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            <p>{t('verification.actionRequired.description')}</p>
            <ul className="list-disc pl-6 text-sm">
              <li>{t('verification.actionRequired.wait')}</li>
              <li>{t('verification.actionRequired.checkEmail')}</li>
              <li>{t('verification.actionRequired.contactSupport')}</li>
            </ul>
            <SupportLink className="text-sm" />
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('verification.details.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <Detail label={t('verification.details.businessType')}>{t(`businessTypes.${business.businessType}`)}</Detail>
            <Detail label={t('verification.details.taxId')}>{business.taxId || notProvided}</Detail>
            <Detail label={t('verification.details.registrationNumber')}>
              {business.businessRegistrationNumber || notProvided}
            </Detail>
            <Detail label={t('verification.details.termsAccepted')}>
              {business.termsAcceptedAt ? formatDate(business.termsAcceptedAt, language) : notProvided}
            </Detail>
            <Detail label={t('verification.details.partnerTerms')}>
              {/* The server-rendered agreement (ADR 059): a document link, not a route of the app. */}
              <a href={`/partner-terms?lang=${language}`} className="underline underline-offset-4" data-testid="partner-terms-version">
                {business.partnerTermsVersion
                  ? t('verification.details.partnerTermsVersion', { date: formatDate(`${business.partnerTermsVersion}T12:00:00Z`, language) })
                  : t('verification.details.partnerTermsUnversioned')}
              </a>
            </Detail>
            <Detail label={t('verification.details.commissionRate')}>
              {formatPercent(business.commissionRate)}
            </Detail>
            <Detail label={t('verification.details.documents')}>
              {t('verification.details.documentCount', { count: business.documents.length })}
            </Detail>
          </dl>
          {business.documents.length > 0 ? (
            <ul className="mt-4 flex flex-col gap-2" aria-label={t('verification.details.documentsList')}>
              {business.documents.map((document) => (
                <li key={document.type}>
                  <a
                    href={document.downloadUrl}
                    download
                    className="flex items-center gap-3 rounded-xl border border-line p-3 hover:bg-sand-100"
                  >
                    <FileText aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="font-semibold">{t(`documentTypes.${document.type}`)}</span>
                      <span className="truncate text-sm text-muted">
                        {document.fileName} · {formatDate(document.uploadedAt, language)}
                      </span>
                    </span>
                    <Download aria-hidden="true" className="size-5 shrink-0" />
                    <span className="sr-only">{t('verification.details.download')}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-semibold break-words">{children}</dd>
    </div>
  );
}
