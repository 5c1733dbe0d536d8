import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../contract/dashboard';
import { api } from '../../lib/api';

export const DASHBOARD_PATH = '/api/analytics/dashboard';

/** GET /api/analytics/dashboard answers the documented success envelope {success, data}. */
export function useDashboard() {
  return useQuery({
    queryKey: [DASHBOARD_PATH],
    queryFn: async ({ signal }) =>
      (await api.get<{ success: true; data: Dashboard }>(DASHBOARD_PATH, signal)).data,
  });
}
