import { Fragment, useEffect } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { Settings } from '../../../contract/settings';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { api } from '../../lib/api';
import { useRead, useResourceMutation } from '../../lib/resource-hooks';
import { settings as settingsResource } from '../../lib/resources';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { SETTINGS_CARDS, type SettingInput } from './fields';
import { SettingField } from './setting-field';
import { StorageTest } from './storage-test';

export const SAVE_FAILED = 'Failed to save settings. Please try again.';

export default function SettingsScreen() {
  const loaded = useRead<Settings>(settingsResource);
  useEffect(() => {
    if (loaded.isError) toast.error('Failed to fetch settings.');
  }, [loaded.isError]);

  if (loaded.data) return <SettingsForm stored={loaded.data} />;
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">App Settings</h1>
      {loaded.error ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center text-destructive">
          Failed to fetch settings.
          <Button variant="outline" size="sm" onClick={() => void loaded.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <Spinner label="Loading settings..." className="py-12" />
      )}
    </section>
  );
}

const errorOf = (errors: FieldErrors<Settings>, input: SettingInput) =>
  (errors[input.section] as Record<string, { message?: string }> | undefined)?.[input.name]?.message;

function SettingsForm({ stored }: { stored: Settings }) {
  const save = useResourceMutation(settingsResource, (next: Settings) =>
    api.put<Settings>('/api/settings', next),
  );
  // The form starts from what was loaded and is not reset by later refetches, so edits are never lost.
  const {
    control,
    handleSubmit,
    getValues,
    reset,
    formState: { errors, isDirty },
  } = useForm<Settings>({ defaultValues: stored });
  useLeaveGuard(isDirty && !save.isPending);

  const onSubmit = handleSubmit((values) => {
    // Fields without inputs go back as loaded (secrets as their mask), so the server keeps them.
    const body: Settings = {
      admob: { ...stored.admob, ...values.admob },
      apiKeys: { ...stored.apiKeys, ...values.apiKeys },
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(saved);
        toast.success('Settings saved', { description: 'Your settings have been updated successfully.' });
      },
      onError: (error) => {
        // What was typed stays in the form.
        console.error('Failed to save settings', error);
        toast.error('Error', { description: SAVE_FAILED });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">App Settings</h1>
          <p className="text-muted-foreground">Keys and identifiers of the services the mobile app uses.</p>
        </div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </header>
      {SETTINGS_CARDS.map((card) => (
        <Card key={card.id} aria-labelledby={`settings-${card.id}`} role="region">
          <CardHeader>
            <CardTitle id={`settings-${card.id}`} className="text-lg">
              {card.title}
            </CardTitle>
            <CardDescription>{card.description}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <CardInputs inputs={card.inputs} control={control} stored={stored} errors={errors} />
            {card.id === 'storage' ? <StorageTest getValues={getValues} /> : null}
          </CardContent>
        </Card>
      ))}
    </form>
  );
}

interface CardInputsProps {
  inputs: readonly SettingInput[];
  control: ReturnType<typeof useForm<Settings>>['control'];
  stored: Settings;
  errors: FieldErrors<Settings>;
}

/** A card's inputs in two columns; grouped ones (Android, iOS) under their group's heading. */
function CardInputs({ inputs, control, stored, errors }: CardInputsProps) {
  const groups = [...new Set(inputs.map((i) => i.group))];
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {groups.map((group) => {
        const fields = inputs
          .filter((i) => i.group === group)
          .map((input) => (
            <SettingField
              key={input.name}
              input={input}
              control={control}
              stored={(stored[input.section] as Record<string, string>)[input.name] ?? ''}
              error={errorOf(errors, input)}
            />
          ));
        if (!group) return <Fragment key="fields">{fields}</Fragment>;
        return (
          <fieldset key={group} className="flex flex-col gap-4">
            <legend className="mb-2 font-medium">{group}</legend>
            {fields}
          </fieldset>
        );
      })}
    </div>
  );
}
