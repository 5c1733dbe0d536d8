/** Query key of the session check (GET /api/auth/me). */
export const AUTH_ME_KEY = ['auth', 'me'] as const;
