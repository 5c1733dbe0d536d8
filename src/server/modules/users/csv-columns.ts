import type { AppUser } from '../../../contract/users';
import { type CsvColumn, utcDateTime } from '../../http/csv-export';

const SIGNUP_NAMES: Record<AppUser['signupMethod'], string> = {
  email: 'Email',
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
};

/** The app users export (no password or token material is in the list row to begin with). */
export const USER_CSV_COLUMNS: CsvColumn<AppUser>[] = [
  { header: 'ID', value: (u) => u.id },
  { header: 'Username', value: (u) => u.username },
  { header: 'First name', value: (u) => u.firstName },
  { header: 'Last name', value: (u) => u.lastName },
  { header: 'Email', value: (u) => u.email },
  { header: 'Sign-up method', value: (u) => SIGNUP_NAMES[u.signupMethod] },
  { header: 'Account', value: (u) => (u.isPremium ? 'Pro' : 'Free') },
  { header: 'Status', value: (u) => (u.isActive ? 'Active' : 'Suspended') },
  { header: 'Joined (UTC)', value: (u) => utcDateTime(u.createdAt) },
];
