import { z } from 'zod';
import { listQueryBase } from './list-query';
import { USER_SORTS } from './list-sorts';

export const SIGNUP_METHODS = ['email', 'google', 'facebook', 'apple'] as const;
export type SignupMethod = (typeof SIGNUP_METHODS)[number];

/** Any other stored value is treated as email (spec section 3). */
export const normaliseSignupMethod = (v: string): SignupMethod =>
  (SIGNUP_METHODS as readonly string[]).includes(v) ? (v as SignupMethod) : 'email';

/** The name shown for an app user: first plus last name when present, else the username. */
export function userDisplayName(u: {
  firstName: string | null;
  lastName: string | null;
  username: string;
}): string {
  const name = [u.firstName, u.lastName]
    .map((p) => p?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || u.username;
}

export const appUserSchema = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  profileImage: z.string().nullable(),
  signupMethod: z.enum(SIGNUP_METHODS),
  isPremium: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type AppUser = z.infer<typeof appUserSchema>;

export const userUpdateSchema = z
  .strictObject({ isPremium: z.boolean().optional(), isActive: z.boolean().optional() })
  .refine((v) => v.isPremium !== undefined || v.isActive !== undefined, {
    message: 'Send isPremium or isActive',
  });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userListQuerySchema = listQueryBase.extend({
  sort: z.enum(USER_SORTS).default('newest'),
  status: z.enum(['active', 'suspended']).optional(),
  account: z.enum(['pro', 'free']).optional(),
  signupMethod: z.enum(SIGNUP_METHODS).optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
export type UserListParams = z.output<typeof userListQuerySchema>;
