import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { useState } from 'react';
import { type Control, Controller } from 'react-hook-form';
import type { Settings } from '../../../contract/settings';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { editMasked, isSecret, type SettingInput } from './fields';

interface SettingFieldProps {
  input: SettingInput;
  control: Control<Settings>;
  /** The value the server answered for this field: for a secret, its mask (or '' when unset). */
  stored: string;
  error?: string | undefined;
}

/** One settings input; a secret one is masked, with a show/hide toggle of its own. */
export function SettingField({ input, control, stored, error }: SettingFieldProps) {
  const [shown, setShown] = useState(false);
  const secret = isSecret(input);
  const label = input.group ? (
    <>
      <span className="sr-only">{input.group} </span>
      {input.label}
    </>
  ) : (
    input.label
  );
  return (
    <FormField label={label} error={error}>
      {(props) => (
        <Controller
          control={control}
          name={
            `${input.section}.${input.name}` as `apiKeys.${typeof input.name & keyof Settings['apiKeys']}`
          }
          render={({ field }) => (
            <div className="relative">
              <Input
                {...props}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => {
                  const next = event.target.value;
                  // Only a stored secret's mask is ever "revealed": what was typed here is the admin's own.
                  field.onChange(
                    secret && stored && field.value === stored ? editMasked(stored, next) : next,
                  );
                }}
                type={secret && !shown ? 'password' : 'text'}
                dir="ltr"
                autoComplete="off"
                spellCheck={false}
                className={secret ? 'pr-10' : undefined}
              />
              {secret ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="absolute top-0 right-0 h-9"
                  aria-label={`${shown ? 'Hide' : 'Show'} ${input.label}`}
                  aria-pressed={shown}
                  onClick={() => setShown((s) => !s)}
                >
                  {shown ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
                </Button>
              ) : null}
            </div>
          )}
        />
      )}
    </FormField>
  );
}
