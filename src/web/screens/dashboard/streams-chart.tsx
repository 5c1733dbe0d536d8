import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dashboard } from '../../../contract/dashboard';

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Streams per UTC day over the last 30 days (recharts; loaded in its own chunk). */
export default function StreamsChart({ data }: { data: Dashboard['streamsPerDay'] }) {
  return (
    <div className="h-72 w-full" data-testid="streams-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="streams-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="5%" stopColor="#8B5CF6" stopOpacity={0.4} />
              <stop offset="95%" stopColor="#8B5CF6" stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={dayLabel}
            tickLine={false}
            axisLine={false}
            minTickGap={24}
            fontSize={12}
          />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={48} fontSize={12} />
          <Tooltip
            labelFormatter={(label) => dayLabel(String(label))}
            formatter={(value) => [Number(value).toLocaleString('en-US'), 'Streams']}
          />
          <Area
            type="monotone"
            dataKey="streams"
            name="Streams"
            stroke="#8B5CF6"
            strokeWidth={2}
            fill="url(#streams-fill)"
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
