import { Download, Gift, Store, Trash2, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useText } from '@web/lib/text';
import type { z } from 'zod';
import type { Profile, UpdateProfileInput, updateProfileSchema } from '@shared/contracts/profile';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { apiRequest } from '@web/lib/api-client';
import { usePasswordStatus, useProfile, useUpdateProfile } from './api';
import { apiErrorMessage, apiFieldErrors } from '@web/lib/api-error';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { QueryState } from './query-state';
import type { ConsumerTab } from './tabs';

export function ProfileTab({ onGoTo }: { onGoTo: (tab: ConsumerTab) => void }) {
  const { t } = useText('app');
  const query = useProfile();

  return (
    <section aria-labelledby="profile-title" className="flex flex-col gap-4">
      <h2 id="profile-title" className="sr-only">
        {t('profile.title')}
      </h2>
      <QueryState query={query}>{(profile) => <ProfileCard profile={profile} />}</QueryState>
      <Card>
        <CardHeader>
          <CardTitle>{t('profile.quickActions')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-3">
          <Button variant="primary" onClick={() => onGoTo('gifts')}>
            <Gift aria-hidden="true" />
            {t('profile.browseGifts')}
          </Button>
          <Button variant="secondary" onClick={() => onGoTo('businesses')}>
            <Store aria-hidden="true" />
            {t('profile.exploreBusinesses')}
          </Button>
          <Button variant="outline" onClick={() => onGoTo('contacts')}>
            <Users aria-hidden="true" />
            {t('profile.manageContacts')}
          </Button>
        </CardContent>
      </Card>
      {query.data ? <PrivacyCard email={query.data.email} /> : null}
    </section>
  );
}

// The contract the server checks with, loaded on the form's first focus (ADR 039).
const profileForm = lazyZodResolver(() => import('@shared/contracts/profile').then((m) => m.updateProfileSchema));
type ProfileFields = 'fullName' | 'phone';
type UpdateProfileValues = z.output<typeof updateProfileSchema>;

function ProfileCard({ profile }: { profile: Profile }) {
  const { t } = useText('app');
  const update = useUpdateProfile();
  const fromProfile = (saved: Profile) => ({ fullName: saved.fullName ?? '', phone: saved.phone ?? '' });
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    reset,
    formState: { errors },
  } = useForm<UpdateProfileInput, unknown, UpdateProfileValues>({
    resolver: profileForm.resolver,
    reValidateMode: 'onSubmit',
    defaultValues: fromProfile(profile),
  });

  const save = handleSubmit(async (values) => {
    try {
      // Shown as the server stored it (the phone in international form).
      reset(fromProfile(await update.mutateAsync(values)));
      toast.success(t('profile.saved'));
    } catch (error) {
      for (const [key, code] of Object.entries(apiFieldErrors(error))) {
        if (key === 'fullName' || key === 'phone') setError(key, { message: code });
      }
    }
  });
  const errorText = (key: ProfileFields) => {
    const code = errors[key]?.message;
    return code ? t(`profile.fieldErrors.${code}`, { defaultValue: t('errors.validation_failed') }) : undefined;
  };
  const field = (key: ProfileFields) => register(key, { onChange: () => clearErrors(key) });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{t('profile.title')}</CardTitle>
        <CardDescription>
          {t('profile.email')}: <span className="font-medium text-ink">{profile.email}</span>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void save(event)} onFocus={profileForm.preload} noValidate className="flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t('profile.fullName')} required error={errorText('fullName')}>
              <Input autoComplete="name" maxLength={100} {...field('fullName')} />
            </Field>
            <Field label={t('profile.phone')} error={errorText('phone')}>
              <Input type="tel" autoComplete="tel" maxLength={32} placeholder={t('profile.phonePlaceholder')} {...field('phone')} />
            </Field>
          </div>
          <Button type="submit" className="self-start" disabled={update.isPending}>
            {update.isPending ? <Spinner decorative className="text-white" /> : null}
            {update.isPending ? t('common.saving') : t('common.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

// The delete-account dialog (Radix Dialog with its focus and scroll locks, the form) loads
// the first time it is opened: most visits to the profile never open it (ADR 045).
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog').then((m) => ({ default: m.DeleteAccountDialog })));

function PrivacyCard({ email }: { email: string }) {
  const { t } = useText('app');
  const [isDownloading, setDownloading] = useState(false);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  // Mounted from the first opening on, so later openings and closings animate as before.
  const [hasOpened, setHasOpened] = useState(false);
  // With a password the owner proves it is them with it; the address alone is not enough.
  // Asked with the card, as before, so the dialog opens with the right field.
  const passwordStatus = usePasswordStatus();
  const withPassword = passwordStatus.data?.hasPassword !== false;

  async function download() {
    setDownloading(true);
    try {
      const data = await apiRequest('/api/account/export');
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `regalo-data-${new Date().toISOString().slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(url);
      toast.success(t('profile.downloaded'));
    } catch (error) {
      toast.error(t('errors.title'), { description: apiErrorMessage(error, 'app') });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.privacyTitle')}</CardTitle>
        <CardDescription>{t('profile.privacyDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void download()} disabled={isDownloading}>
          {isDownloading ? <Spinner decorative /> : <Download aria-hidden="true" />}
          {isDownloading ? t('profile.downloading') : t('profile.download')}
        </Button>
        <Button
          variant="destructive"
          aria-haspopup="dialog"
          aria-expanded={isDeleteOpen}
          onClick={() => {
            setHasOpened(true);
            setDeleteOpen(true);
          }}
        >
          <Trash2 aria-hidden="true" />
          {t('profile.deleteAccount')}
        </Button>
        {hasOpened ? (
          <Suspense fallback={null}>
            <DeleteAccountDialog email={email} withPassword={withPassword} open={isDeleteOpen} onOpenChange={setDeleteOpen} />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}
