import { useState } from 'react';
import { useText } from '../../lib/text';
import { toast } from '../../components/ui/toast';
import { sendVerificationEmail } from '../../lib/auth-client';
import { useReturnPath } from '../../lib/return-path';
import { showAuthError } from './show-auth-error';

/** Sends a new verification link to `email`, with a pending flag and translated feedback. */
export function useResendVerification(email: string) {
  const { t } = useText('auth');
  const [pending, setPending] = useState(false);
  const returnPath = useReturnPath();
  const resend = async () => {
    setPending(true);
    try {
      await sendVerificationEmail(email, returnPath);
      toast.success(t('checkEmail.resent', { email }));
    } catch (error) {
      showAuthError(error, t);
    } finally {
      setPending(false);
    }
  };
  return { pending, resend };
}
