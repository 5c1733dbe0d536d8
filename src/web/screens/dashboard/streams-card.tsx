import { lazy, Suspense } from 'react';
import type { Dashboard } from '../../../contract/dashboard';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { formatNumber } from '../../lib/format';

// recharts is large: the cards and activity show first, the chart follows in its own chunk.
const StreamsChart = lazy(() => import('./streams-chart'));

export function StreamsCard({ data }: { data: Dashboard['streamsPerDay'] }) {
  const total = data.reduce((sum, day) => sum + day.streams, 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Streams per Day</h2>
        </CardTitle>
        <CardDescription data-testid="streams-total">
          {formatNumber(total)} streams in the last {data.length} days
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Spinner label="Loading chart..." className="h-72" />}>
          <StreamsChart data={data} />
        </Suspense>
      </CardContent>
    </Card>
  );
}
