import { type LoginBody, loginBodySchema } from '../../../contract/auth';

export type LoginFieldErrors = Partial<Record<keyof LoginBody, string>>;

export type LoginValidation = { ok: true; body: LoginBody } | { ok: false; errors: LoginFieldErrors };

/** Client-side check before calling the server: both fields are required. */
export function validateLogin(values: LoginBody): LoginValidation {
  const parsed = loginBodySchema.safeParse(values);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: LoginFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
