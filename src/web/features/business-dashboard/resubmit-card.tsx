import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileText, Send, Upload } from 'lucide-react';
import { useId } from 'react';
import { useText } from '@web/lib/text';
import { Link } from 'react-router';
import { UPLOAD_FIELDS } from '@shared/contracts/upload-fields';
import type { DashboardBusiness } from '@shared/contracts/business-dashboard';
import type { DocumentType } from '@shared/domain/business';
import { acceptFor, missingDocuments, requiredDocuments } from '@shared/domain/documents';
import { formatDate } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/toast';
import { apiRequest } from '@web/lib/api-client';
import { dashboardKeys } from './api';
import { apiErrorMessage } from '@web/lib/api-error';

/**
 * A rejected business corrects its details (profile tab) or documents (here) and sends its
 * application again, which opens a new review (POST /api/business/application).
 */
export function ResubmitCard({ business }: { business: DashboardBusiness }) {
  const { t } = useText('dashboard');
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: dashboardKeys.business });
  const upload = useMutation({
    mutationFn: ({ type, file }: { type: DocumentType; file: File }) => {
      const body = new FormData();
      // The type must come before the file: the server reads the fields in order.
      body.append(UPLOAD_FIELDS.type, type);
      body.append(UPLOAD_FIELDS.file, file, file.name);
      return apiRequest('/api/business/documents', { method: 'POST', body });
    },
    onSuccess: async () => {
      toast.success(t('resubmit.uploaded'));
      await refresh();
    },
  });
  const resubmit = useMutation({
    mutationFn: () => apiRequest('/api/business/application', { method: 'POST' }),
    onSuccess: async () => {
      toast.success(t('resubmit.sent'));
      await refresh();
    },
  });
  const required = requiredDocuments(business.businessType);
  const missing = missingDocuments(business.businessType, business.documents.map((d) => d.type));

  return (
    <Card data-testid="resubmit-card">
      <CardHeader>
        <CardTitle as="h2">{t('resubmit.title')}</CardTitle>
        <CardDescription>{t('resubmit.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Link to="?tab=profile" className="self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t('resubmit.editProfile')}
        </Link>
        <ul className="flex flex-col gap-2" aria-label={t('resubmit.documents')}>
          {required.map((type) => (
            <DocumentRow
              key={type}
              type={type}
              current={business.documents.find((d) => d.type === type) ?? null}
              pending={upload.isPending}
              onFile={(file) => upload.mutate({ type, file }, { onError: (error) => toast.error(apiErrorMessage(error, 'dashboard')) })}
            />
          ))}
        </ul>
        {missing.length > 0 ? <p className="text-sm text-danger-700">{t('resubmit.missing')}</p> : null}
        <Button
          className="self-start"
          disabled={missing.length > 0 || resubmit.isPending || upload.isPending}
          onClick={() => resubmit.mutate(undefined, { onError: (error) => toast.error(apiErrorMessage(error, 'dashboard')) })}
        >
          <Send aria-hidden="true" />
          {t('resubmit.submit')}
        </Button>
      </CardContent>
    </Card>
  );
}

function DocumentRow({
  type,
  current,
  pending,
  onFile,
}: {
  type: DocumentType;
  current: DashboardBusiness['documents'][number] | null;
  pending: boolean;
  onFile: (file: File) => void;
}) {
  const { t, language } = useText('dashboard');
  const inputId = useId();
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-line p-3">
      <FileText aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold">{t(`documentTypes.${type}`)}</span>
        <span className="truncate text-sm text-muted">
          {current ? `${current.fileName} · ${formatDate(current.uploadedAt, language)}` : t('resubmit.notUploaded')}
        </span>
      </span>
      <label
        htmlFor={inputId}
        className="inline-flex min-h-10 cursor-pointer items-center gap-1.5 rounded-full border-2 border-brand-600 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-sea-600"
      >
        <Upload aria-hidden="true" className="size-4" />
        {current ? t('resubmit.replace', { document: t(`documentTypes.${type}`) }) : t('resubmit.upload', { document: t(`documentTypes.${type}`) })}
        <input
          id={inputId}
          type="file"
          accept={acceptFor(type)}
          className="sr-only"
          disabled={pending}
          data-testid={`resubmit-file-${type}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
    </li>
  );
}
