import { searchDocument } from '../../../contract/search-fold';

/**
 * The folded search document of an app user: names, username and email. Whoever writes app_users
 * (registration, seed, tests) stores it in `search_text`.
 */
export const appUserSearchText = (u: {
  firstName: string | null;
  lastName: string | null;
  username: string;
  email: string;
}): string => searchDocument(u.firstName, u.lastName, u.username, u.email);
