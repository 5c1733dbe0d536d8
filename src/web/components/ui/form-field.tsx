import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

export interface ControlProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The field's error message (e.g. `errors.name?.message` from react-hook-form). */
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  id?: string;
  className?: string;
  /** One control element (it receives id and aria attributes) or a render function for composites. */
  children: ReactElement<ControlProps> | ((props: ControlProps) => ReactNode);
}

/** Label + control + hint + error message, wired together with id, aria-invalid and aria-describedby. */
export function FormField({ label, error, hint, required, id, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const controlProps: ControlProps = { id: controlId };
  if (error) controlProps['aria-invalid'] = true;
  if (describedBy) controlProps['aria-describedby'] = describedBy;
  if (required) controlProps['aria-required'] = true;

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={controlId}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        ) : null}
      </Label>
      {typeof children === 'function'
        ? children(controlProps)
        : isValidElement(children)
          ? cloneElement(children, controlProps)
          : children}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
