import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useReducer, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  businessInfoSchema,
  SIGNUP_COMMISSION_RATE,
  type BusinessInfo,
  type BusinessInfoInput,
  type SignupDraftResult,
} from '@shared/contracts/business-onboarding';
import { getPasswordStatus, listDocuments } from './api';
import { BusinessInfoStep } from './business-info-step';
import { CommissionStep } from './commission-step';
import { DocumentsStep } from './documents-step';
import { PasswordSection } from './password-section';
import { onboardingKeys } from './query-client';
import { useRegistrationPhoto } from './use-registration-photo';
import { useSignupDraft } from './use-signup-draft';
import { useSubmitRegistration } from './use-submit-registration';
import { fromDraft, toDraftBody } from './wizard-draft';
import { WizardFooter } from './wizard-footer';
import { WizardHeader } from './wizard-header';
import { areDocumentsComplete, canGoNext, isBusinessInfoValid } from './wizard-rules';
import { initialWizardState, nextBlocker, wizardReducer } from './wizard-state';

interface WizardProps {
  businessName: string;
  email: string;
  draft: SignupDraftResult['draft'];
  onAuthFailed: () => void;
}

/** The three steps of a business's registration: what it is, its documents, the commission. */
export function Wizard({ businessName, email, draft, onAuthFailed }: WizardProps) {
  const [{ step, isCommissionAccepted }, dispatch] = useReducer(wizardReducer, initialWizardState);
  const [isUploading, setUploading] = useState(false);
  const photo = useRegistrationPhoto(draft?.hadPhoto ?? false);
  // Errors appear on leaving a field (the contract the server checks the registration with).
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
      whatsapp: '',
      bookingUrl: '',
      openingHours: '',
      website: '',
      description: '',
      legalName: '',
      fiscalAddress: '',
      ...fromDraft(draft),
    },
  });
  const values = useWatch({ control: form.control });
  const [savedDraft] = useState(() => JSON.stringify(toDraftBody(form.getValues(), draft?.hadPhoto ?? false)));
  const signupDraft = useSignupDraft(values, photo.photo !== null || photo.isLost, savedDraft);
  const documents = useQuery({ queryKey: onboardingKeys.documents, queryFn: ({ signal }) => listDocuments(signal) });
  // Without a password (or Google) the owner could not come back: step 1 waits for one.
  const passwordStatus = useQuery({ queryKey: onboardingKeys.passwordStatus, queryFn: ({ signal }) => getPasswordStatus(signal) });
  const isPasswordMissing = passwordStatus.data !== undefined && !passwordStatus.data.hasPassword && !passwordStatus.data.hasGoogle;
  const uploaded = (documents.data?.items ?? []).map((item) => item.type);
  const businessType = values.businessType === 'individual' ? 'individual' : 'company';
  const documentsComplete = areDocumentsComplete(businessType, uploaded, isUploading);
  const isNextEnabled = canGoNext(step, { infoValid: isBusinessInfoValid(values) && !isPasswordMissing, documentsComplete });
  const blocker = nextBlocker(step, { isNextEnabled, values, businessType, uploaded, isUploading, isPasswordMissing });
  const registration = useSubmitRegistration({
    form,
    photo: photo.photo,
    isCommissionAccepted,
    onRegistered: signupDraft.stop,
    onAuthFailed,
    onGoTo: (target) => dispatch({ type: 'goTo', step: target }),
    onDocumentsStale: () => void documents.refetch(),
  });
  const onUploadingChange = useCallback((value: boolean) => setUploading(value), []);

  const goNext = () => {
    if (step === 1) signupDraft.flush();
    // Step 1 is judged on what the form holds now, not on the last render's copy.
    dispatch({ type: 'next', infoValid: isBusinessInfoValid(form.getValues()) && !isPasswordMissing, documentsComplete });
  };

  return (
    <section aria-labelledby="wizard-step-title" className="flex flex-col gap-5 rounded-2xl border border-line bg-white p-5 shadow-soft sm:p-6">
      <WizardHeader step={step} isDraftRestored={draft !== null} isPhotoLost={photo.isLost} />
      {step === 1 ? (
        <>
          <BusinessInfoStep form={form} onSubmit={goNext} photoUrl={photo.url} onPhotoChange={photo.choose} />
          <PasswordSection email={email} />
        </>
      ) : null}
      {step === 2 ? <DocumentsStep businessType={businessType} documents={documents.data?.items ?? []} onUploadingChange={onUploadingChange} /> : null}
      {step === 3 ? (
        <CommissionStep
          rate={SIGNUP_COMMISSION_RATE}
          accepted={isCommissionAccepted}
          onAcceptedChange={(accepted) => dispatch({ type: 'acceptCommission', accepted })}
        />
      ) : null}
      <WizardFooter
        step={step}
        blocker={blocker}
        isSubmitting={registration.isSubmitting}
        onPrevious={() => dispatch({ type: 'previous' })}
        onNext={goNext}
        onSubmit={() => void registration.submit()}
      />
    </section>
  );
}
