import { FORMAT_TAGS } from '@shared/locale';
import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useText } from '@web/lib/text';
import { Link, Navigate, useNavigate } from 'react-router';
import {
  businessInfoSchema,
  SIGNUP_COMMISSION_RATE,
  type BusinessInfo,
  type BusinessInfoInput,
} from '@shared/contracts/business-onboarding';
import { Button } from '@web/components/ui/button';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { useSession } from '@web/lib/session';
import { uploadBusinessImage } from '@web/lib/business-image-api';
import { confirmSession, getSignupDraft, listDocuments, saveSignupDraft, submitRegistration } from './api';
import { BusinessInfoStep } from './business-info-step';
import { CommissionStep } from './commission-step';
import { DocumentsStep } from './documents-step';
import { OnboardingShell, StatusPanel } from './onboarding-shell';
import { PasswordSection } from './password-section';
import { createOnboardingQueryClient, onboardingKeys } from './query-client';
import { saveRegistrationPhoto } from './save-registration-photo';
import { DRAFT_SAVE_DELAY_MS, fromDraft, toDraftBody } from './wizard-draft';
import type { SignupDraftResult } from '@shared/contracts/business-onboarding';
import {
  areDocumentsComplete,
  canGoNext,
  classifySubmitFailure,
  isBusinessInfoValid,
  missingInfoFields,
  WIZARD_STEPS,
  type WizardStep,
} from './wizard-rules';
import { missingDocuments } from '@shared/domain/documents';

export default function BusinessSignupPage() {
  const [client] = useState(createOnboardingQueryClient);
  return (
    <QueryClientProvider client={client}>
      <BusinessSignup />
    </QueryClientProvider>
  );
}

function BusinessSignup() {
  const { t } = useText('business');
  const account = useQuery({ queryKey: onboardingKeys.confirmSession, queryFn: confirmSession });
  // Step 1 as the owner left it, kept with the account (ADR 066); without it the wizard starts blank.
  const draft = useQuery({
    queryKey: onboardingKeys.signupDraft,
    queryFn: ({ signal }) => getSignupDraft(signal),
    enabled: account.data?.hasBusiness === false,
    retry: false,
  });
  const [isAuthFailed, setAuthFailed] = useState(false);

  const error = account.error;
  if (isAuthFailed || (error instanceof ApiError && (error.status === 401 || error.status === 403))) {
    return (
      <OnboardingShell title={t('signup.authFailedTitle')}>
        <StatusPanel
          tone="danger"
          icon={<ShieldAlert className="size-7" aria-hidden="true" />}
          title={t('signup.authFailedTitle')}
          actions={
            <>
              <Link to="/auth" className={buttonVariants({})}>
                {t('signup.signIn')}
              </Link>
              <Link to="/business/interest" className={buttonVariants({ variant: 'outline' })}>
                {t('signup.restart')}
              </Link>
            </>
          }
        >
          <p>{t('signup.authFailedBody')}</p>
        </StatusPanel>
      </OnboardingShell>
    );
  }
  if (account.data?.hasBusiness) return <Navigate to="/business/dashboard" replace />;

  return (
    <OnboardingShell title={t('signup.metaTitle')} wide>
      {account.data && !draft.isPending ? (
        <Wizard
          businessName={account.data.businessName ?? ''}
          email={account.data.email}
          draft={draft.data?.draft ?? null}
          onAuthFailed={() => setAuthFailed(true)}
        />
      ) : account.isError ? (
        <StatusPanel
          tone="danger"
          icon={<ShieldAlert className="size-7" aria-hidden="true" />}
          title={t('common.errorTitle')}
          actions={
            <Button variant="outline" onClick={() => void account.refetch()}>
              {t('common.tryAgain')}
            </Button>
          }
        >
          <p>{t('signup.errors.registrationError')}</p>
        </StatusPanel>
      ) : (
        <div role="status" className="flex flex-col items-center gap-3 py-10 text-muted">
          <Spinner decorative className="size-8" />
          <p>{t('common.loading')}</p>
        </div>
      )}
    </OnboardingShell>
  );
}

interface WizardProps {
  businessName: string;
  email: string;
  draft: SignupDraftResult['draft'];
  onAuthFailed: () => void;
}

function Wizard({ businessName, email, draft, onAuthFailed }: WizardProps) {
  const { t, language } = useText('business');
  const navigate = useNavigate();
  const session = useSession();
  const [isPhotoLost, setPhotoLost] = useState(draft?.hadPhoto ?? false);
  const [step, setStep] = useState<WizardStep>(1);
  const [isCommissionAccepted, setCommissionAccepted] = useState(false);
  const [isUploading, setUploading] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  // Kept here, not in step 1, so it survives moving between steps until the submit sends it.
  const [photo, setPhoto] = useState<File | null>(null);
  const photoUrl = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => {
    if (photoUrl) URL.revokeObjectURL(photoUrl);
  }, [photoUrl]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isFirstRender = useRef(true);

  const form = useForm<BusinessInfoInput, unknown, BusinessInfo>({
    resolver: zodResolver(businessInfoSchema),
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: {
      businessName,
      address: '',
      taxId: '',
      businessType: 'company',
      phone: '',
      website: '',
      description: '',
      ...fromDraft(draft),
    },
  });
  const values = useWatch({ control: form.control });
  const isRegistered = useRef(false);
  // The draft is saved a moment after typing stops, on "Next", and when the page goes away;
  // only what changed since the last save is sent. A failed save is retried with the next change.
  const lastSaved = useRef(JSON.stringify(toDraftBody(form.getValues(), draft?.hadPhoto ?? false)));
  const pendingDraft = useRef<string | null>(null);
  const flushDraft = useCallback(() => {
    const body = pendingDraft.current;
    pendingDraft.current = null;
    if (body === null || isRegistered.current || body === lastSaved.current) return;
    lastSaved.current = body;
    saveSignupDraft(JSON.parse(body) as Parameters<typeof saveSignupDraft>[0]).catch(() => {
      lastSaved.current = '';
    });
  }, []);
  useEffect(() => {
    pendingDraft.current = JSON.stringify(toDraftBody(values, photo !== null || isPhotoLost));
    const timer = setTimeout(flushDraft, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, photo, isPhotoLost, flushDraft]);
  useEffect(() => {
    window.addEventListener('pagehide', flushDraft);
    return () => {
      window.removeEventListener('pagehide', flushDraft);
      flushDraft();
    };
  }, [flushDraft]);
  const choosePhoto = useCallback((file: File | null) => {
    setPhoto(file);
    if (file) setPhotoLost(false);
  }, []);
  const businessType = values.businessType === 'individual' ? 'individual' : 'company';
  const documents = useQuery({ queryKey: onboardingKeys.documents, queryFn: ({ signal }) => listDocuments(signal) });
  const items = documents.data?.items ?? [];

  const infoValid = isBusinessInfoValid(values);
  const documentsComplete = areDocumentsComplete(
    businessType,
    items.map((item) => item.type),
    isUploading,
  );
  const isNextEnabled = canGoNext(step, { infoValid, documentsComplete });
  const list = (names: string[]) => new Intl.ListFormat(FORMAT_TAGS[language], { type: 'conjunction' }).format(names);
  // A disabled "Next" says why (issue 15.11): what step 1 still needs, or which documents.
  const nextHint = isNextEnabled
    ? null
    : step === 1
      ? t('wizardHelp.missingFields', { fields: list(missingInfoFields(values).map((field) => t(`signup.fields.${field}`))) })
      : step === 2
        ? isUploading
          ? t('wizardHelp.waitForUpload')
          : t('wizardHelp.missingDocuments', {
              documents: list(missingDocuments(businessType, items.map((item) => item.type)).map((type) => t(`signup.documents.types.${type}`))),
            })
        : null;

  // Each step replaces the previous one under the keyboard focus: move focus to its heading.
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const onUploadingChange = useCallback((value: boolean) => setUploading(value), []);

  const goNext = () => {
    if (step === 1) flushDraft();
    if (step === 1 && isBusinessInfoValid(form.getValues())) setStep(2);
    else if (step === 2 && documentsComplete) setStep(3);
  };

  const submit = async () => {
    if (!isCommissionAccepted) {
      toast.error(t('common.errorTitle'), { description: t('signup.errors.commissionRequired') });
      return;
    }
    if (session.status === 'anonymous') {
      toast.error(t('common.errorTitle'), { description: t('signup.errors.loginRequired') });
      return;
    }
    setSubmitting(true);
    try {
      await submitRegistration({ ...form.getValues(), commissionAccepted: true });
      // The server deleted the draft with the registration; nothing more is saved.
      isRegistered.current = true;
      pendingDraft.current = null;
      toast.success(t('signup.success'));
      const photoOutcome = await saveRegistrationPhoto(photo, (file) => uploadBusinessImage(file).promise);
      if (photoOutcome === 'failed') {
        toast.warning(t('signup.photo.notSavedTitle'), { description: t('signup.photo.notSaved') });
      }
      void navigate('/business/dashboard', { replace: true });
    } catch (error) {
      const failure = classifySubmitFailure(error);
      switch (failure.kind) {
        case 'loginRequired':
          toast.error(t('common.errorTitle'), { description: t('signup.errors.loginRequired') });
          break;
        case 'authFailed':
          onAuthFailed();
          break;
        case 'commission':
          toast.error(t('common.errorTitle'), { description: t('signup.errors.commissionRequired') });
          break;
        case 'documents':
          toast.error(t('common.errorTitle'), { description: t('signup.errors.documentsMissing') });
          void documents.refetch();
          setStep(2);
          break;
        case 'exists':
          toast.error(t('common.errorTitle'), { description: t('signup.errors.businessExists') });
          void navigate('/business/dashboard', { replace: true });
          break;
        case 'fields':
          for (const [name, code] of Object.entries(failure.fields)) {
            form.setError(name as keyof BusinessInfoInput, { message: code });
          }
          toast.error(t('common.errorTitle'), { description: t('signup.errors.registrationError') });
          setStep(1);
          break;
        case 'message':
          toast.error(t('common.errorTitle'), { description: t(`signup.errors.${failure.key}`) });
          break;
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section aria-labelledby="wizard-step-title" className="flex flex-col gap-5 rounded-2xl border border-line bg-white p-5 shadow-soft sm:p-6">
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t('signup.title')}</p>
        <StepDots step={step} />
        <h1 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="font-display text-2xl font-semibold outline-none">
          {t(`signup.stepNames.${step}`)}
        </h1>
        {step === 1 ? <p className="text-muted">{t('signup.lead')}</p> : null}
        {step === 1 && draft ? (
          <div role="status" className="mt-2 rounded-xl border border-line bg-sand-100 px-3 py-2 text-sm" data-testid="draft-restored">
            <p>{t('wizardHelp.draftRestored')}</p>
            {isPhotoLost ? <p className="font-semibold">{t('wizardHelp.photoNotKept')}</p> : null}
          </div>
        ) : null}
      </div>

      {step === 1 ? (
        <>
          <BusinessInfoStep form={form} onSubmit={goNext} photoUrl={photoUrl} onPhotoChange={choosePhoto} />
          <PasswordSection email={email} />
        </>
      ) : null}
      {step === 2 ? (
        <DocumentsStep businessType={businessType} documents={items} onUploadingChange={onUploadingChange} />
      ) : null}
      {step === 3 ? (
        <CommissionStep rate={SIGNUP_COMMISSION_RATE} accepted={isCommissionAccepted} onAcceptedChange={setCommissionAccepted} />
      ) : null}

      <div className="flex items-center justify-between gap-3 border-t border-line pt-4">
        <Button
          variant="ghost"
          disabled={step === 1 || isSubmitting}
          onClick={() => setStep((current) => (current > 1 ? ((current - 1) as WizardStep) : current))}
        >
          {t('signup.previous')}
        </Button>
        {step === 1 ? (
          <Button type="submit" form="business-info" disabled={!isNextEnabled} aria-describedby={nextHint ? 'wizard-next-hint' : undefined}>
            {t('signup.next')}
          </Button>
        ) : step === 2 ? (
          <Button disabled={!isNextEnabled} onClick={goNext} aria-describedby={nextHint ? 'wizard-next-hint' : undefined}>
            {t('signup.next')}
          </Button>
        ) : (
          <Button disabled={isSubmitting} aria-busy={isSubmitting || undefined} onClick={() => void submit()}>
            {isSubmitting ? <Spinner decorative className="text-white" /> : null}
            {isSubmitting ? t('signup.submitting') : t('signup.submit')}
          </Button>
        )}
      </div>
      {nextHint ? (
        <p id="wizard-next-hint" className="-mt-2 text-right text-sm text-muted" data-testid="next-hint">
          {nextHint}
        </p>
      ) : null}
    </section>
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
