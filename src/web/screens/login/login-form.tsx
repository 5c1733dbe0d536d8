import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { PasswordInput } from './password-input';
import { useLogin } from './use-login';
import { type LoginFieldErrors, validateLogin } from './validate';

export function LoginForm() {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const login = useLogin();
  // Stay busy after success too: the page is about to reload.
  const busy = login.isPending || login.isSuccess;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const result = validateLogin({ username, password });
    if (!result.ok) {
      setErrors(result.errors);
      const firstInvalid = result.errors.username ? 'username' : 'password';
      document.getElementById(`${id}-${firstInvalid}`)?.focus();
      return;
    }
    setErrors({});
    login.mutate(result.body);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-username`}>Username</Label>
        <Input
          id={`${id}-username`}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          dir="auto"
          required
          maxLength={64}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? `${id}-username-error` : undefined}
        />
        {errors.username && <FieldError id={`${id}-username-error`}>{errors.username}</FieldError>}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <PasswordInput
          id={`${id}-password`}
          name="password"
          autoComplete="current-password"
          required
          maxLength={256}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
        />
        {errors.password && <FieldError id={`${id}-password-error`}>{errors.password}</FieldError>}
      </div>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}

function FieldError({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="text-sm text-destructive">
      {children}
    </p>
  );
}
