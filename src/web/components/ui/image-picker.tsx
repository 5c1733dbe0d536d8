import { ImageIcon, UploadIcon, XIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

/** The spec's image limit (section 9). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = 'image/jpeg,image/png';

/** An image field's value: a newly picked file, or the URL of the image already saved (or neither). */
export interface ImageValue {
  file: File | null;
  url: string | null;
}

export const emptyImage: ImageValue = { file: null, url: null };

/**
 * A client-side size check: returns a function that accepts a file under `maxBytes` and otherwise
 * calls `onTooLarge` (e.g. to toast "File too large") and rejects it.
 */
export function useImageSizeCheck(onTooLarge?: (file: File) => void, maxBytes = MAX_IMAGE_BYTES) {
  const ref = useRef(onTooLarge);
  ref.current = onTooLarge;
  return useCallback(
    (file: File): boolean => {
      if (file.size <= maxBytes) return true;
      ref.current?.(file);
      return false;
    },
    [maxBytes],
  );
}

/** A preview URL for the picked file (revoked when it changes), else the saved URL. */
function usePreview(value: ImageValue): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!value.file) {
      setObjectUrl(null);
      return;
    }
    const url = URL.createObjectURL(value.file);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [value.file]);
  return value.file ? objectUrl : value.url;
}

export interface ImagePickerProps {
  value: ImageValue;
  onChange: (value: ImageValue) => void;
  /** Accessible name of the file input, e.g. "Avatar image". */
  label: string;
  id?: string;
  hint?: string;
  accept?: string;
  /** Return false to refuse a file (see useImageSizeCheck). */
  validate?: (file: File) => boolean;
  disabled?: boolean;
  className?: string;
  'aria-describedby'?: string;
}

/** A file input with a preview, an "Upload Image"/"Change Image" button and a remove button. */
export function ImagePicker({
  value,
  onChange,
  label,
  id,
  hint,
  accept = IMAGE_ACCEPT,
  validate,
  disabled,
  className,
  'aria-describedby': describedBy,
}: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const preview = usePreview(value);
  const hasImage = Boolean(value.file || value.url);

  return (
    <div className={cn('flex items-center gap-4', className)}>
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
        {preview ? (
          <img src={preview} alt={`${label} preview`} className="size-full object-cover" />
        ) : (
          <ImageIcon aria-hidden="true" className="size-6 text-muted-foreground" />
        )}
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={disabled}
            onClick={() => input.current?.click()}
          >
            <UploadIcon aria-hidden="true" />
            {hasImage ? 'Change Image' : 'Upload Image'}
          </Button>
          {hasImage ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label="Remove image"
              disabled={disabled}
              onClick={() => {
                if (input.current) input.current.value = '';
                onChange(emptyImage);
              }}
            >
              <XIcon aria-hidden="true" />
              Remove
            </Button>
          ) : null}
        </div>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          aria-label={label}
          aria-describedby={describedBy}
          disabled={disabled}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            if (validate && !validate(file)) return;
            onChange({ file, url: value.url });
          }}
        />
      </div>
    </div>
  );
}
