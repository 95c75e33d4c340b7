import { type FormEvent, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { apiRequest } from '@web/lib/api-client';
import { signOut } from '@web/lib/session';
import { useText } from '@web/lib/text';
import { apiFieldErrors } from '@web/lib/api-error';

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
  const [confirm, setConfirm] = useState('');
  const [isDeleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState('');

  async function deleteAccount(event: FormEvent) {
    event.preventDefault();
    if (confirm.trim() === '') {
      setDeleteError(withPassword ? 'passwordRequired' : 'confirmationRequired');
      return;
    }
    setDeleting(true);
    try {
      await apiRequest('/api/account', { method: 'DELETE', body: withPassword ? { password: confirm } : { confirm: confirm.trim() } });
      // A toast would die with the page: the home page says it instead (?account=deleted).
      await signOut('/?account=deleted');
    } catch (error) {
      const fields = apiFieldErrors(error);
      const code = fields.password ?? fields.confirm ?? (error as { code?: string }).code ?? 'default';
      setDeleteError(code);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        setConfirm('');
        setDeleteError('');
      }}
    >
      <DialogContent title={t('profile.deleteTitle')} description={t('profile.deleteDescription')} closeLabel={t('common.close')}>
        <form onSubmit={(event) => void deleteAccount(event)} noValidate>
          <Field
            label={withPassword ? t('profile.deletePasswordLabel') : t('profile.deleteConfirmLabel')}
            error={
              deleteError
                ? t(`profile.fieldErrors.${deleteError}`, { defaultValue: t(`errors.${deleteError}`, { defaultValue: t('errors.default') }) })
                : undefined
            }
          >
            {withPassword ? (
              <Input type="password" value={confirm} autoComplete="current-password" onChange={(e) => setConfirm(e.target.value)} />
            ) : (
              <Input type="email" value={confirm} placeholder={email} autoComplete="off" onChange={(e) => setConfirm(e.target.value)} />
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
