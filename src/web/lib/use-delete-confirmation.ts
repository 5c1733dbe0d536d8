import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { serverMessage } from './error-message';

interface DeleteConfirmationOptions<T> {
  /** Shown in the dialog when the server gives no message of its own. */
  failedText: string;
  onDeleted: (item: T) => void;
  onFailed: (error: Error) => void;
}

/**
 * The state of a screen's delete confirmation: `ask(item)` opens it, and `dialog` is spread onto
 * <ConfirmDelete>, which stays open on failure (a 409 shown in the server's words) and closes on success.
 */
export function useDeleteConfirmation<T extends { id: number }>(
  remove: UseMutationResult<unknown, Error, number>,
  { failedText, onDeleted, onFailed }: DeleteConfirmationOptions<T>,
) {
  const [target, setTarget] = useState<T | null>(null);
  const { reset } = remove;
  // Stable, so memoised table columns that call it are not rebuilt on every render.
  const ask = useCallback(
    (item: T) => {
      reset();
      setTarget(item);
    },
    [reset],
  );
  const confirm = () => {
    if (!target) return;
    const item = target;
    remove.mutate(item.id, {
      onSuccess: () => {
        onDeleted(item);
        setTarget(null);
      },
      onError: onFailed,
    });
  };
  return {
    target,
    ask,
    dialog: {
      open: target !== null,
      onOpenChange: (open: boolean) => !open && setTarget(null),
      onConfirm: confirm,
      pending: remove.isPending,
      error: remove.error ? serverMessage(remove.error, failedText) : null,
    },
  };
}
