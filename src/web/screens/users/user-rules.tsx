import type { AppUser, SignupMethod } from '../../../contract/users';
import { Badge, type BadgeVariant } from '../../components/ui/badge';

export { userDisplayName } from '../../../contract/users';

export const SIGNUP_LABELS: Record<SignupMethod, string> = {
  email: 'Email',
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
};

const SIGNUP_VARIANTS: Record<SignupMethod, BadgeVariant> = {
  email: 'grey',
  google: 'red',
  facebook: 'blue',
  apple: 'secondary',
};

/** The three badges of a user row: signup method, account type (Pro or Free), status (Active or Suspended). */
export function userBadges(u: Pick<AppUser, 'signupMethod' | 'isPremium' | 'isActive'>) {
  return {
    signup: { label: SIGNUP_LABELS[u.signupMethod], variant: SIGNUP_VARIANTS[u.signupMethod] },
    account: u.isPremium
      ? { label: 'Pro', variant: 'yellow' as BadgeVariant }
      : { label: 'Free', variant: 'outline' as BadgeVariant },
    status: u.isActive
      ? { label: 'Active', variant: 'green' as BadgeVariant }
      : { label: 'Suspended', variant: 'red' as BadgeVariant },
  };
}

export function RuleBadge({ rule }: { rule: { label: string; variant: BadgeVariant } }) {
  return <Badge variant={rule.variant}>{rule.label}</Badge>;
}

/** The toast after a toggle: what the change made of the user. */
export function userToggleToast(field: 'isPremium' | 'isActive', value: boolean): string {
  if (field === 'isPremium') return value ? 'User upgraded to Pro' : 'Pro status revoked';
  return value ? 'User activated' : 'User suspended';
}
