import { z } from 'zod';

export const loginBodySchema = z.strictObject({
  username: z.string().trim().min(1, 'Username is required').max(64),
  password: z.string().min(1, 'Password is required').max(256),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const currentUserSchema = z.object({
  username: z.string(),
  email: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginResponseSchema = z.object({ user: currentUserSchema });

export const logoutResponseSchema = z.object({ success: z.literal(true) });
