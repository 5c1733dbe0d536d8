import type { Dashboard } from '../../../contract/dashboard';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/ui/spinner';
import { useRead } from '../../lib/resource-hooks';
import { dashboard as dashboardResource } from '../../lib/resources';
import { RecentActivityCard } from './recent-activity';
import { StatCards } from './stat-cards';
import { StreamsCard } from './streams-card';

export default function DashboardScreen() {
  // GET /api/analytics/dashboard answers the documented success envelope {success, data}.
  const read = useRead<{ success: true; data: Dashboard }>(dashboardResource);
  const dashboard = { error: read.error, data: read.data?.data };
  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground">An overview of the catalogue, listeners and recent changes.</p>
      </header>
      {dashboard.error ? (
        <LoadError text="Error loading dashboard" onRetry={() => void read.refetch()} />
      ) : !dashboard.data ? (
        <Spinner label="Loading dashboard..." className="py-12" />
      ) : (
        <>
          <StatCards dashboard={dashboard.data} />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <StreamsCard data={dashboard.data.streamsPerDay} />
            </div>
            <RecentActivityCard items={dashboard.data.recentActivity} />
          </div>
        </>
      )}
    </section>
  );
}
