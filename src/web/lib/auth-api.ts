import {
  type CurrentUser,
  currentUserSchema,
  type LoginBody,
  loginResponseSchema,
} from '../../contract/auth';
import { api } from './api';

/** GET /api/auth/me: the signed-in user, or null for any failure (non-ok answer, network, bad body). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return currentUserSchema.parse(await api.get('/api/auth/me', signal));
  } catch {
    return null;
  }
}

/** POST /api/auth/login; throws ApiError (401 invalid credentials, 429, 400) or NetworkError. */
export async function postLogin(body: LoginBody): Promise<CurrentUser> {
  return loginResponseSchema.parse(await api.post('/api/auth/login', body)).user;
}

export async function postLogout(): Promise<void> {
  await api.post('/api/auth/logout');
}
