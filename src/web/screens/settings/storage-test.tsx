import { PlugZapIcon } from 'lucide-react';
import type { UseFormGetValues } from 'react-hook-form';
import type { FieldError } from '../../../contract/errors';
import {
  type Settings,
  STORAGE_FIELDS,
  type StorageTestFailureDetails,
  type StorageTestInput,
  type StorageTestResult,
} from '../../../contract/settings';
import { Button } from '../../components/ui/button';
import { ApiError, api } from '../../lib/api';
import { useResourceMutation } from '../../lib/resource-hooks';
import { settings } from '../../lib/resources';
import { STORAGE_LABELS } from './fields';

const PART_LABEL = { credentials: 'Credentials', bucket: 'Bucket', endpoint: 'Endpoint' } as const;

/** The failure in words: which part failed, and the fields to check. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'The connection test could not be run. Please try again.';
  const details = error.details;
  if (details && typeof details === 'object' && 'part' in details) {
    const { part, fields } = details as StorageTestFailureDetails;
    const check = fields.map((f) => STORAGE_LABELS[f]).join(', ');
    return `${PART_LABEL[part]} failed: ${error.message} (check ${check})`;
  }
  if (Array.isArray(details)) {
    return (details as FieldError[])
      .map((d) => `${STORAGE_LABELS[d.field as keyof typeof STORAGE_LABELS] ?? d.field}: ${d.message}`)
      .join('; ');
  }
  return error.message;
}

/** "Test connection": writes and deletes a probe object with the storage values now in the form. */
export function StorageTest({ getValues }: { getValues: UseFormGetValues<Settings> }) {
  const test = useResourceMutation(settings, (input: StorageTestInput) =>
    api.post<StorageTestResult>('/api/settings/storage/test', input),
  );
  const run = () => {
    const keys = getValues('apiKeys');
    test.mutate(Object.fromEntries(STORAGE_FIELDS.map((f) => [f, keys[f]])) as StorageTestInput);
  };
  return (
    <div className="flex flex-col gap-2">
      <Button type="button" variant="outline" className="w-fit" onClick={run} disabled={test.isPending}>
        <PlugZapIcon aria-hidden="true" />
        {test.isPending ? 'Testing...' : 'Test connection'}
      </Button>
      <p role="status" className="text-sm" data-testid="storage-test-result">
        {test.isSuccess ? <span className="text-green-700">{test.data.message}</span> : null}
        {test.isError ? <span className="text-destructive">{failureText(test.error)}</span> : null}
      </p>
    </div>
  );
}
