import { useText } from '@web/lib/text';
import type { ImagePickerTexts } from '@web/components/image-picker';

/** The dashboard's own wording for the shared image picker. */
export function useImagePickerTexts(): ImagePickerTexts {
  const { t } = useText('dashboard');
  return {
    dropHint: t('image.dropHint'),
    chooseHint: t('image.chooseHint'),
    choose: t('image.choose'),
    change: t('image.change'),
    remove: t('image.remove'),
    rules: t('image.rules'),
    previewAlt: t('image.previewAlt'),
    uploading: t('image.uploading'),
    errorTitle: t('common.error'),
    imageUploadError: t('image.imageUploadError'),
    imageTooLarge: t('image.imageTooLarge'),
  };
}
