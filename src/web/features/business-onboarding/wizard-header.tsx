import { useEffect, useRef } from 'react';
import { cn } from '@web/lib/cn';
import { useText } from '@web/lib/text';
import { WIZARD_STEPS, type WizardStep } from './wizard-rules';

interface WizardHeaderProps {
  step: WizardStep;
  /** Step 1 restored from a saved draft: say so (and that its photo must be chosen again). */
  isDraftRestored: boolean;
  isPhotoLost: boolean;
}

/** The wizard's title, where the owner is, and the step's heading. */
export function WizardHeader({ step, isDraftRestored, isPhotoLost }: WizardHeaderProps) {
  const { t } = useText('business');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isFirstRender = useRef(true);
  // Each step replaces the previous one under the keyboard focus: move focus to its heading.
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t('signup.title')}</p>
      <StepDots step={step} />
      <h1 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="font-display text-2xl font-semibold outline-none">
        {t(`signup.stepNames.${step}`)}
      </h1>
      {step === 1 ? <p className="text-muted">{t('signup.lead')}</p> : null}
      {step === 1 && isDraftRestored ? (
        <div role="status" className="mt-2 rounded-xl border border-line bg-sand-100 px-3 py-2 text-sm" data-testid="draft-restored">
          <p>{t('wizardHelp.draftRestored')}</p>
          {isPhotoLost ? <p className="font-semibold">{t('wizardHelp.photoNotKept')}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

function StepDots({ step }: { step: WizardStep }) {
  const { t } = useText('business');
  return (
    <div className="flex items-center gap-3">
      <p className="text-sm text-muted">{t('signup.stepOf', { step, total: WIZARD_STEPS })}</p>
      <ol aria-hidden="true" className="flex gap-1.5">
        {Array.from({ length: WIZARD_STEPS }, (_, index) => (
          <li
            key={index}
            className={cn('size-2.5 rounded-full', index + 1 === step ? 'bg-brand-600' : index + 1 < step ? 'bg-brand-300' : 'bg-sand-200')}
          />
        ))}
      </ol>
    </div>
  );
}
