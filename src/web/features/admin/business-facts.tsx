import { CheckCircle2, Download, Eye, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useText } from '@web/lib/text';
import type { AdminApplication, AdminBusiness } from '@shared/contracts/admin';
import { formatAddress, formatDate, formatDateTime, formatPercent } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';

/** What the team checks before deciding: details, tax id with its check result, owner, documents. */
export function BusinessFacts({ business }: { business: AdminBusiness }) {
  const { t, language } = useText('admin');
  const { t: common } = useText('common');
  const none = t('notProvided');
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label={t('fields.businessType')}>{t(`businessTypes.${business.businessType}`)}</Fact>
        <Fact label={t('fields.category')}>{common(`categories.${business.category}`)}</Fact>
        <Fact label={t('fields.address')}>{formatAddress(business.address, business.city)}</Fact>
        <Fact label={t('fields.taxId')}>
          <span className="flex flex-wrap items-center gap-2">
            {business.taxId}
            {business.taxIdKind ? (
              <Badge variant="success" data-testid="tax-id-check">
                <CheckCircle2 aria-hidden="true" className="size-3.5" />
                {t('taxIdValid', { kind: business.taxIdKind.toUpperCase() })}
              </Badge>
            ) : (
              <Badge variant="destructive" data-testid="tax-id-check">
                <XCircle aria-hidden="true" className="size-3.5" />
                {t('taxIdInvalid')}
              </Badge>
            )}
          </span>
        </Fact>
        <Fact label={t('fields.registrationNumber')}>{business.businessRegistrationNumber ?? none}</Fact>
        <Fact label={t('fields.phone')}>{business.phone ?? none}</Fact>
        <Fact label={t('fields.email')}>{business.email ?? none}</Fact>
        <Fact label={t('fields.website')}>{business.website ?? none}</Fact>
        <Fact label={t('fields.termsAccepted')}>{business.termsAcceptedAt ? formatDateTime(business.termsAcceptedAt, language) : none}</Fact>
        <Fact label={t('fields.owner')}>{business.owner ? `${business.owner.name} · ${business.owner.email}` : t('noOwner')}</Fact>
        <Fact label={t('fields.commission')}>
          {formatPercent(business.commissionRate)}
          {business.proposedCommissionRate !== null ? (
            <span className="block text-sm font-normal text-amber-900" data-testid="commission-proposal-pending">
              {t('proposalPending', {
                rate: formatPercent(business.proposedCommissionRate),
                date: business.commissionProposedAt ? formatDate(business.commissionProposedAt, language) : '',
              })}
            </span>
          ) : null}
        </Fact>
        <Fact label={t('fields.status')}>
          {t(`status.${business.verificationStatus}`)} · {business.isActive ? t('active') : t('inactive')}
        </Fact>
      </dl>
      {business.description ? <p className="whitespace-pre-line text-sm">{business.description}</p> : null}
      <Documents business={business} />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-semibold break-words">{children}</dd>
    </div>
  );
}

/**
 * The documents, each viewable in a sandboxed frame (no scripts, no same-origin access: a
 * hostile PDF or image can do nothing) and downloadable.
 */
function Documents({ business }: { business: AdminBusiness }) {
  const { t, language } = useText('admin');
  const [open, setOpen] = useState<string | null>(null);
  if (business.documents.length === 0) return <p className="text-sm text-muted">{t('documents.none')}</p>;
  const shown = business.documents.find((d) => d.type === open);
  return (
    <section aria-label={t('documents.title')} className="flex flex-col gap-3">
      <h3 className="font-semibold">{t('documents.title')}</h3>
      <ul className="flex flex-col gap-2">
        {business.documents.map((document) => (
          <li key={document.type} className="flex flex-wrap items-center gap-2 rounded-xl border border-line p-3">
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="font-semibold">{t(`documentTypes.${document.type}`)}</span>
              <span className="truncate text-sm text-muted">
                {document.fileName} · {formatDate(document.uploadedAt, language)}
              </span>
            </span>
            <Button
              variant="outline"
              size="sm"
              aria-expanded={open === document.type}
              onClick={() => setOpen(open === document.type ? null : document.type)}
            >
              <Eye aria-hidden="true" />
              {open === document.type ? t('documents.hide') : t('documents.view')}{' '}
              <span className="sr-only">{t(`documentTypes.${document.type}`)}</span>
            </Button>
            <a href={document.downloadUrl} download className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-line px-3 text-sm font-semibold hover:bg-sand-100">
              <Download aria-hidden="true" className="size-4" />
              {t('documents.download')}{' '}
              <span className="sr-only">{t(`documentTypes.${document.type}`)}</span>
            </a>
          </li>
        ))}
      </ul>
      {shown ? (
        <iframe
          key={shown.viewUrl}
          title={t('documents.viewerTitle', { name: shown.fileName })}
          src={shown.viewUrl}
          sandbox=""
          referrerPolicy="no-referrer"
          data-testid="document-viewer"
          className="h-[70dvh] w-full rounded-xl border border-line bg-white"
        />
      ) : null}
    </section>
  );
}

export function ApplicationHistory({ applications }: { applications: AdminApplication[] }) {
  const { t, language } = useText('admin');
  if (applications.length === 0) return null;
  return (
    <section aria-label={t('history.title')} className="flex flex-col gap-2">
      <h3 className="font-semibold">{t('history.title')}</h3>
      <ol className="flex flex-col gap-2" data-testid="application-history">
        {applications.map((a) => (
          <li key={a.id} className="rounded-xl border border-line p-3 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <Badge variant={a.status === 'approved' ? 'success' : a.status === 'rejected' ? 'destructive' : 'neutral'}>{t(`applicationStatus.${a.status}`)}</Badge>
              <span className="font-semibold">{t(`kinds.${a.kind}`)}</span>
              <span className="text-muted">{t('history.submitted', { date: formatDateTime(a.submittedAt, language) })}</span>
            </p>
            {a.changedFields.length > 0 ? (
              <p className="mt-1">{t('history.changed', { fields: a.changedFields.map((f) => t(`changedFields.${f}`, { defaultValue: f })).join(', ') })}</p>
            ) : null}
            {a.reviewedAt ? (
              <p className="mt-1 text-muted">{t('history.reviewed', { date: formatDateTime(a.reviewedAt, language), who: a.reviewerEmail ?? t('history.unknownReviewer') })}</p>
            ) : null}
            {a.reviewNotes ? <p className="mt-1 whitespace-pre-line">{a.reviewNotes}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
