import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/toast';
import { sendVerificationEmail } from '../../lib/auth-client';
import { showAuthError } from './show-auth-error';

/** Sends a new verification link to `email`, with a pending flag and translated feedback. */
export function useResendVerification(email: string) {
  const { t, i18n } = useTranslation('auth');
  const [pending, setPending] = useState(false);
  const resend = async () => {
    setPending(true);
    try {
      await sendVerificationEmail(email);
      toast.success(t('checkEmail.resent', { email }));
    } catch (error) {
      showAuthError(error, t, i18n);
    } finally {
      setPending(false);
    }
  };
  return { pending, resend };
}
