import { ImageIcon, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { cn } from '@web/lib/cn';
import { checkImageFile } from '@web/lib/image-file-rules';
import { useCoarsePointer } from '@web/lib/use-coarse-pointer';

/** Every text the picker shows, already translated: each feature keeps its own catalogue. */
export interface ImagePickerTexts {
  /** The empty zone's line where files can be dragged onto it (a mouse). */
  dropHint: string;
  /** The same line on a touch screen, where nothing can be dragged. */
  chooseHint: string;
  choose: string;
  change: string;
  remove: string;
  rules: string;
  previewAlt: string;
  uploading: string;
  /** Title of the toast that refuses a file. */
  errorTitle: string;
  imageUploadError: string;
  imageTooLarge: string;
}

interface ImagePickerProps {
  label: ReactNode;
  texts: ImagePickerTexts;
  /** An extra line under the rules. */
  hint?: ReactNode;
  /** What to show: the stored image or a local preview. */
  previewUrl: string | null;
  onFile: (file: File) => void;
  onRemove: () => void;
  /** 0-1 while uploading, null otherwise. */
  progress?: number | null;
  isBusy?: boolean;
}

/**
 * A drop zone with a file picker and a remove button; refuses files the server cannot take
 * as an image and images over 5 MB with the specification's messages before anything is
 * sent. On a touch screen the zone invites choosing a photo, not dragging one.
 */
export function ImagePicker({
  label,
  texts,
  hint,
  previewUrl,
  onFile,
  onRemove,
  progress = null,
  isBusy = false,
}: ImagePickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setDragging] = useState(false);
  const isTouch = useCoarsePointer();

  const take = (file: File | undefined) => {
    if (!file) return;
    const error = checkImageFile(file);
    if (error) {
      toast.error(texts.errorTitle, { description: texts[error] });
      return;
    }
    onFile(file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!isBusy) take(event.dataTransfer.files[0]);
  };

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-semibold" id={`${inputId}-label`}>
        {label}
      </span>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop-zone"
        className={cn(
          'relative flex h-48 items-center justify-center overflow-hidden rounded-2xl border-2 border-dashed border-line bg-sand-100',
          isDragging && 'border-brand-600 bg-brand-50',
        )}
      >
        {previewUrl ? (
          <img src={previewUrl} alt={texts.previewAlt} className="h-48 w-full object-cover" />
        ) : (
          <div className="flex flex-col items-center gap-2 p-4 text-center text-sm text-muted">
            <ImageIcon aria-hidden="true" className="size-8" />
            <p>{isTouch ? texts.chooseHint : texts.dropHint}</p>
          </div>
        )}
        {progress !== null ? (
          <div className="absolute inset-x-0 bottom-0 bg-white/90 p-2">
            <progress
              className="h-2 w-full accent-brand-600"
              value={Math.round(progress * 100)}
              max={100}
              aria-label={texts.uploading}
            />
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-labelledby={`${inputId}-label ${inputId}-choose`}
          tabIndex={-1}
          onChange={(event) => {
            take(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          id={`${inputId}-choose`}
          variant="outline"
          size="sm"
          disabled={isBusy}
          onClick={() => inputRef.current?.click()}
        >
          <Upload aria-hidden="true" />
          {previewUrl ? texts.change : texts.choose}
        </Button>
        {previewUrl ? (
          <Button variant="ghost" size="sm" disabled={isBusy} onClick={onRemove}>
            <Trash2 aria-hidden="true" />
            {texts.remove}
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-muted">{texts.rules}</p>
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
    </div>
  );
}
