import { useId, useState } from 'react';
import type { DashboardBusiness } from '@shared/contracts/business-dashboard';
import { PARTNER_TERMS_VERSION } from '@shared/domain/legal-versions';
import { formatDate, formatPercent } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useText } from '@web/lib/text';
import { useAcceptCommission } from './api';
import { reportApiError } from './api-error';

/**
 * The team proposed a commission different from the one the owner accepted (ADR 065). It
 * applies only once the owner accepts it here, having been offered the partner agreement;
 * until then their sales keep the accepted rate. Shown above the tabs, whatever tab is open.
 */
export function CommissionProposalCard({ business }: { business: DashboardBusiness }) {
  const { t, language } = useText('dashboard');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState(false);
  const accept = useAcceptCommission();
  const checkboxId = useId();
  const proposed = business.proposedCommissionRate;
  if (proposed === null) return null;
  const values = { proposed: formatPercent(proposed), current: formatPercent(business.commissionRate) };

  const submit = () => {
    if (!agreed) {
      setProblem(true);
      return;
    }
    accept.mutate(
      { commissionRate: proposed, partnerTermsVersion: PARTNER_TERMS_VERSION },
      { onSuccess: () => toast.success(t('commissionProposal.accepted', { rate: values.proposed })), onError: reportApiError },
    );
  };

  return (
    <Card data-testid="commission-proposal" className="border-amber-300 bg-amber-50">
      <CardHeader>
        <CardTitle as="h2">{t('commissionProposal.title')}</CardTitle>
        <CardDescription className="text-amber-950">
          {t('commissionProposal.lead', values)}
          {business.commissionProposedAt ? ` ${t('commissionProposal.since', { date: formatDate(business.commissionProposedAt, language) })}` : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="font-display text-4xl font-semibold text-brand-700">{values.proposed}</p>
        <p className="text-sm">{t('commissionProposal.until', values)}</p>
        <a href={`/partner-terms?lang=${language}`} target="_blank" rel="noopener" className="text-sm font-semibold text-brand-700 underline underline-offset-4">
          {t('commissionProposal.readAgreement')}
        </a>
        <div className="flex items-start gap-3">
          <Checkbox
            id={checkboxId}
            checked={agreed}
            aria-invalid={problem && !agreed}
            aria-describedby={problem && !agreed ? `${checkboxId}-error` : undefined}
            onCheckedChange={(value) => {
              setAgreed(value === true);
              setProblem(false);
            }}
          />
          <Label htmlFor={checkboxId} className="font-normal leading-snug">
            {t('commissionProposal.agree', values)}
          </Label>
        </div>
        {problem && !agreed ? (
          <p id={`${checkboxId}-error`} className="text-sm font-semibold text-danger-700" role="alert">
            {t('commissionProposal.agreeFirst')}
          </p>
        ) : null}
        <div>
          <Button type="button" onClick={submit} disabled={accept.isPending}>
            {accept.isPending ? <Spinner decorative className="text-white" /> : null}
            {t('commissionProposal.accept', values)}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
