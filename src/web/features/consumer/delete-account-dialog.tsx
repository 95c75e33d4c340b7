import { useForm } from 'react-hook-form';
import type { DeleteAccountInput } from '@shared/contracts/account';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { apiRequest } from '@web/lib/api-client';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { signOut } from '@web/lib/session';
import { useText } from '@web/lib/text';
import { apiFieldErrors } from '@web/lib/api-error';

// The contract the server checks with, loaded on the form's first focus (ADR 039).
const deleteForm = lazyZodResolver(() => import('@shared/contracts/account').then((m) => m.deleteAccountSchema));

/** "Delete my account": the owner confirms with their password, or their address without one. */
export function DeleteAccountDialog({
  email,
  withPassword,
  open,
  onOpenChange,
}: {
  email: string;
  withPassword: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useText('app');
  // One field, named as the contract names it: `password`, or `confirm` (the address) without one.
  const field = withPassword ? 'password' : 'confirm';
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting: isDeleting },
  } = useForm<DeleteAccountInput>({
    resolver: deleteForm.resolver,
    reValidateMode: 'onSubmit',
    defaultValues: { [field]: '' },
  });
  // The contract puts "nothing typed" on `confirm`; with a password that is "enter your password".
  const contractCode = errors.password?.message ?? errors.confirm?.message;
  const code = withPassword && contractCode === 'confirmationRequired' ? 'passwordRequired' : contractCode;

  const deleteAccount = handleSubmit(async (values) => {
    // Spaces alone are no password either: said here, as before, rather than by the server's "not correct".
    if (withPassword && !values.password?.trim()) {
      setError('password', { message: 'passwordRequired' });
      return;
    }
    try {
      // The password as typed; the address as the contract trimmed it.
      await apiRequest('/api/account', { method: 'DELETE', body: withPassword ? { password: values.password } : { confirm: values.confirm } });
      // A toast would die with the page: the home page says it instead (?account=deleted).
      await signOut('/?account=deleted');
    } catch (error) {
      const fields = apiFieldErrors(error);
      setError(field, { type: 'server', message: fields.password ?? fields.confirm ?? (error as { code?: string }).code ?? 'default' });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        reset();
      }}
    >
      <DialogContent title={t('profile.deleteTitle')} description={t('profile.deleteDescription')} closeLabel={t('common.close')}>
        <form onSubmit={(event) => void deleteAccount(event)} onFocus={deleteForm.preload} noValidate>
          <Field
            label={withPassword ? t('profile.deletePasswordLabel') : t('profile.deleteConfirmLabel')}
            error={code ? t(`profile.fieldErrors.${code}`, { defaultValue: t(`errors.${code}`, { defaultValue: t('errors.default') }) }) : undefined}
          >
            {withPassword ? (
              <Input type="password" autoComplete="current-password" {...register('password')} />
            ) : (
              <Input type="email" placeholder={email} autoComplete="off" {...register('confirm')} />
            )}
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={isDeleting}>
              {isDeleting ? <Spinner decorative className="text-white" /> : null}
              {isDeleting ? t('common.deleting') : t('profile.deleteConfirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
