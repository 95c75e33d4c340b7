import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileText, Trash2, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useText } from '@web/lib/text';
import type { BusinessDocument, BusinessDocumentList } from '@shared/contracts/business-documents';
import type { DocumentType } from '@shared/domain/business';
import {
  acceptFor,
  allowedDocumentExtensions,
  documentProgress,
  isAllowedDocumentName,
  MAX_DOCUMENT_BYTES,
  requiredDocuments,
} from '@shared/domain/documents';
import { formatDateTime } from '@shared/format';
import { intlTag } from '@shared/locale';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { cn } from '@web/lib/cn';
import { deleteDocument, uploadDocument, type UploadHandle } from './api';
import { onboardingKeys } from './query-client';
import { uploadErrorKey, type SignupType } from './wizard-rules';

/** "PDF, JPG or PNG" in the reader's language: what a document slot takes, each type once (.jpeg is a JPG). */
export function extensionList(type: DocumentType, language: string): string {
  const names = [...new Set(allowedDocumentExtensions[type].map((extension) => (extension === 'jpeg' ? 'JPG' : extension.toUpperCase())))];
  return new Intl.ListFormat(intlTag(language), { type: 'disjunction' }).format(names);
}

/** Step 2: one slot per required document; uploads run in parallel, each with its own bar. */
export function DocumentsStep({
  businessType,
  documents,
  onUploadingChange,
}: {
  businessType: SignupType;
  documents: BusinessDocument[];
  onUploadingChange: (isUploading: boolean) => void;
}) {
  const { t } = useText('business');
  const [progress, setProgress] = useState<Partial<Record<DocumentType, number>>>({});
  const uploadedTypes = documents.map((document) => document.type);
  const { uploaded, total } = documentProgress(businessType, uploadedTypes);
  const isUploading = Object.keys(progress).length > 0;

  useEffect(() => onUploadingChange(isUploading), [isUploading, onUploadingChange]);

  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">{t('signup.documents.lead')}</p>
      <p role="status" className="font-semibold">
        {t('signup.documents.progress', { uploaded, total })}
      </p>
      <ul className="flex flex-col gap-3">
        {requiredDocuments(businessType).map((type) => (
          <li key={type}>
            <DocumentSlot
              type={type}
              document={documents.find((document) => document.type === type)}
              progress={progress[type]}
              onProgress={(value) =>
                setProgress((current) => {
                  const next = { ...current };
                  if (value === null) delete next[type];
                  else next[type] = value;
                  return next;
                })
              }
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function DocumentSlot({
  type,
  document,
  progress,
  onProgress,
}: {
  type: DocumentType;
  document: BusinessDocument | undefined;
  progress: number | undefined;
  onProgress: (value: number | null) => void;
}) {
  const { t, language } = useText('business');
  const client = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const uploadRef = useRef<UploadHandle | null>(null);
  const [uploadingName, setUploadingName] = useState<string | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const label = t(`signup.documents.types.${type}`);
  const inputId = `document-${type}`;
  const extensions = allowedDocumentExtensions[type].map((extension) => extension.toUpperCase()).join(', ');

  // Leaving the step (or the page) stops an upload nobody will see finish.
  useEffect(() => () => uploadRef.current?.abort(), []);

  const storeDocument = (uploaded: BusinessDocument) =>
    client.setQueryData<BusinessDocumentList>(onboardingKeys.documents, (current) =>
      current
        ? { ...current, items: [...current.items.filter((item) => item.type !== uploaded.type), uploaded] }
        : { businessId: null, items: [uploaded] },
    );

  const onFile = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    if (file.size > MAX_DOCUMENT_BYTES) {
      toast.error(t('common.errorTitle'), { description: t('signup.errors.fileTooLarge') });
      return;
    }
    if (!isAllowedDocumentName(type, file.name)) {
      // Say which file and what this document takes: a bare "not accepted" read as if nothing happened.
      toast.error(t('common.errorTitle'), { description: t('signup.documents.wrongType', { name: file.name, types: extensionList(type, language) }) });
      return;
    }
    setUploadingName(file.name);
    onProgress(0);
    const upload = uploadDocument(type, file, (fraction) => onProgress(fraction));
    uploadRef.current = upload;
    try {
      storeDocument(await upload.promise);
      toast.success(t('signup.documents.uploadedToast', { name: file.name }));
    } catch (error) {
      if ((error as Error).name !== 'AbortError') {
        toast.error(t('common.errorTitle'), { description: t(uploadErrorKey(error)) });
      }
    } finally {
      uploadRef.current = null;
      setUploadingName(null);
      onProgress(null);
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteDocument(type);
      client.setQueryData<BusinessDocumentList>(onboardingKeys.documents, (current) =>
        current ? { ...current, items: current.items.filter((item) => item.type !== type) } : current,
      );
      toast.success(t('signup.documents.deletedToast'));
    } catch (error) {
      toast.error(t('common.errorTitle'), { description: t(uploadErrorKey(error)) });
    } finally {
      setDeleting(false);
    }
  };

  const isBusy = uploadingName !== null || isDeleting;
  const percent = progress === undefined ? 0 : Math.round(progress * 100);

  return (
    <div
      className={cn(
        'flex flex-col gap-3 rounded-2xl border bg-white p-4',
        document ? 'border-olive-600/40' : 'border-line',
      )}
    >
      <div className="flex items-start gap-3">
        {document ? (
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-olive-700" aria-hidden="true" />
        ) : (
          <FileText className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">
            {label}{' '}
            <span aria-hidden="true" className="text-brand-700">
              *
            </span>
          </h3>
          <p className="text-sm text-muted">{t('signup.documents.accepts', { types: extensions })}</p>
          {document ? (
            <p className="mt-1 text-sm" data-testid={`document-${type}-name`}>
              <span className="font-medium break-all">{document.fileName}</span>{' '}
              <span className="text-muted">· {t('signup.documents.uploaded', { date: formatDateTime(document.uploadedAt, language) })}</span>
            </p>
          ) : (
            <p className="mt-1 text-sm text-muted">{t('signup.documents.notUploaded')}</p>
          )}
        </div>
      </div>

      {uploadingName !== null ? (
        <div className="flex flex-col gap-1">
          <div
            role="progressbar"
            aria-label={t('signup.documents.uploading', { name: uploadingName })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-sand-200"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-xs text-muted">
            {t('signup.documents.uploading', { name: uploadingName })} · {percent}%
          </p>
        </div>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={acceptFor(type)}
          className="peer sr-only"
          disabled={isBusy}
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <label
          htmlFor={inputId}
          className={cn(
            'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border-2 border-brand-600 bg-white px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50',
            'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sea-600',
            'peer-disabled:pointer-events-none peer-disabled:opacity-55',
          )}
        >
          <Upload className="size-4" aria-hidden="true" />
          {document ? t('signup.documents.replace') : t('signup.documents.choose')}
          <span className="sr-only">: {label}</span>
        </label>
        {document ? (
          <Button variant="ghost" size="md" disabled={isBusy} onClick={() => void remove()}>
            <Trash2 aria-hidden="true" />
            {t('signup.documents.delete')}
            <span className="sr-only">: {label}</span>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
