import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDateTime } from '@shared/format';
import { apiErrorMessage } from '@web/lib/api-error';
import { useText } from '@web/lib/text';
import { useBackupNow } from './api';

/** Megabytes with the Spanish conventions in every language (ADR 058): `12,4 MB`. */
const megabytes = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });
const formatSize = (bytes: number) => `${megabytes.format(bytes / 1_000_000)}\u00a0MB`;

/**
 * A backup while the shop stays open (ADR 094): the server writes the database (between two
 * transactions on the embedded one), the files and the auth secret into DATA_DIR/backups.
 */
export function BackupCard() {
  const { t, language } = useText('admin');
  const backup = useBackupNow();
  const result = backup.data;
  return (
    <Card data-testid="backup-card">
      <CardHeader>
        <CardTitle as="h2">{t('backup.title')}</CardTitle>
        <p className="text-sm text-muted">{t('backup.hint')}</p>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-2">
        <Button variant="outline" size="sm" disabled={backup.isPending} onClick={() => backup.mutate()}>
          {backup.isPending ? t('backup.writing') : t('backup.button')}
        </Button>
        <div role="status" aria-live="polite" className="text-sm">
          {result && (
            <>
              <p>{t('backup.done', { folder: result.folder, size: formatSize(result.databaseBytes), time: formatDateTime(result.createdAt, language) })}</p>
              {!result.filesCopied && <p className="text-muted">{t('backup.s3')}</p>}
            </>
          )}
        </div>
        {backup.isError && (
          <p role="alert" className="text-sm font-medium text-danger-700">
            {apiErrorMessage(backup.error, 'admin')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
