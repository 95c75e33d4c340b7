import { FORMAT_TAGS } from '@shared/locale';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useText } from '@web/lib/text';
import type { WizardStep } from './wizard-rules';
import type { NextBlocker } from './wizard-state';

interface WizardFooterProps {
  step: WizardStep;
  blocker: NextBlocker;
  isSubmitting: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onSubmit: () => void;
}

/** "Previous", then "Next" (step 1 submits its form) or "Submit", and why "Next" is disabled. */
export function WizardFooter({ step, blocker, isSubmitting, onPrevious, onNext, onSubmit }: WizardFooterProps) {
  const { t, language } = useText('business');
  const list = (names: string[]) => new Intl.ListFormat(FORMAT_TAGS[language], { type: 'conjunction' }).format(names);
  // A disabled "Next" says why: what step 1 still needs, or which documents.
  const hint =
    blocker?.kind === 'missingFields'
      ? t('wizardHelp.missingFields', { fields: list(blocker.fields.map((field) => t(`signup.fields.${field}`))) })
      : blocker?.kind === 'waitForUpload'
        ? t('wizardHelp.waitForUpload')
        : blocker?.kind === 'missingDocuments'
          ? t('wizardHelp.missingDocuments', { documents: list(blocker.documents.map((type) => t(`signup.documents.types.${type}`))) })
          : null;
  const hintId = hint ? 'wizard-next-hint' : undefined;

  return (
    <>
      <div className="flex items-center justify-between gap-3 border-t border-line pt-4">
        <Button variant="ghost" disabled={step === 1 || isSubmitting} onClick={onPrevious}>
          {t('signup.previous')}
        </Button>
        {step === 1 ? (
          <Button type="submit" form="business-info" disabled={blocker !== null} aria-describedby={hintId}>
            {t('signup.next')}
          </Button>
        ) : step === 2 ? (
          <Button disabled={blocker !== null} onClick={onNext} aria-describedby={hintId}>
            {t('signup.next')}
          </Button>
        ) : (
          <Button disabled={isSubmitting} aria-busy={isSubmitting || undefined} onClick={onSubmit}>
            {isSubmitting ? <Spinner decorative className="text-white" /> : null}
            {isSubmitting ? t('signup.submitting') : t('signup.submit')}
          </Button>
        )}
      </div>
      {hint ? (
        <p id="wizard-next-hint" className="-mt-2 text-right text-sm text-muted" data-testid="next-hint">
          {hint}
        </p>
      ) : null}
    </>
  );
}
