import { Check } from 'lucide-react';
import { useText } from '@web/lib/text';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { formatPercent } from '@shared/format';

/** Step 3: the commission that will apply, and the box that accepts it. */
export function CommissionStep({
  rate,
  accepted,
  onAcceptedChange,
}: {
  rate: number;
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
}) {
  const { t, language } = useText('business');
  const shownRate = formatPercent(rate);
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-2xl border border-line bg-white p-4">
        <p className="font-display text-4xl font-semibold text-brand-700">{shownRate}</p>
        <p className="mt-2">{t('signup.commission.body', { rate: shownRate })}</p>
        <ul className="mt-3 flex flex-col gap-1.5 text-sm">
          {(['1', '2', '3'] as const).map((point) => (
            <li key={point} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-olive-700" aria-hidden="true" />
              {t(`signup.commission.points.${point}`)}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex items-start gap-3 rounded-2xl bg-sand-100 p-4">
        <Checkbox id="commission-accepted" checked={accepted} onCheckedChange={(value) => onAcceptedChange(value === true)} />
        <Label htmlFor="commission-accepted" className="font-normal leading-snug">
          {t('signup.commission.accept', { rate: shownRate })}
        </Label>
      </div>
      {/* A document link: the agreement is server-rendered (ADR 059), and the wizard keeps its draft. */}
      <a href={`/partner-terms?lang=${language}`} target="_blank" rel="noopener" className="text-sm font-semibold text-brand-700 underline underline-offset-4">
        {t('signup.commission.readTerms')}
      </a>
    </div>
  );
}
