import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { BusinessInfoInput } from '@shared/contracts/business-onboarding';
import { toast } from '@web/components/ui/toast';
import { uploadBusinessImage } from '@web/lib/business-image-api';
import { useSession } from '@web/lib/session';
import { useText } from '@web/lib/text';
import { submitRegistration } from './api';
import type { BusinessInfoForm } from './business-info-step';
import { saveRegistrationPhoto } from './save-registration-photo';
import { classifySubmitFailure, type WizardStep } from './wizard-rules';

interface SubmitOptions {
  form: BusinessInfoForm;
  photo: File | null;
  isCommissionAccepted: boolean;
  /** Called once the server holds the registration (and has deleted the draft). */
  onRegistered: () => void;
  onAuthFailed: () => void;
  onGoTo: (step: WizardStep) => void;
  onDocumentsStale: () => void;
}

/** Step 3's "Submit": sends the registration, then the photo, and answers every refusal. */
export function useSubmitRegistration({ form, photo, isCommissionAccepted, onRegistered, onAuthFailed, onGoTo, onDocumentsStale }: SubmitOptions) {
  const { t } = useText('business');
  const navigate = useNavigate();
  const session = useSession();
  const [isSubmitting, setSubmitting] = useState(false);
  const refuse = (description: string) => toast.error(t('common.errorTitle'), { description });

  const submit = async () => {
    if (!isCommissionAccepted) {
      refuse(t('signup.errors.commissionRequired'));
      return;
    }
    if (session.status === 'anonymous') {
      refuse(t('signup.errors.loginRequired'));
      return;
    }
    setSubmitting(true);
    try {
      await submitRegistration({ ...form.getValues(), commissionAccepted: true });
      onRegistered();
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
          refuse(t('signup.errors.loginRequired'));
          break;
        case 'authFailed':
          onAuthFailed();
          break;
        case 'commission':
          refuse(t('signup.errors.commissionRequired'));
          break;
        case 'password':
          refuse(t('signup.errors.passwordRequired'));
          onGoTo(1);
          break;
        case 'documents':
          refuse(t('signup.errors.documentsMissing'));
          onDocumentsStale();
          onGoTo(2);
          break;
        case 'exists':
          refuse(t('signup.errors.businessExists'));
          void navigate('/business/dashboard', { replace: true });
          break;
        case 'fields':
          for (const [name, code] of Object.entries(failure.fields)) {
            form.setError(name as keyof BusinessInfoInput, { message: code });
          }
          refuse(t('signup.errors.registrationError'));
          onGoTo(1);
          break;
        case 'message':
          refuse(t(`signup.errors.${failure.key}`));
          break;
      }
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, isSubmitting };
}
