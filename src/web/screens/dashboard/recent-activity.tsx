import { DiscIcon, type LucideIcon, MicVocalIcon, Music2Icon, UserPlusIcon } from 'lucide-react';
import { RECENT_ACTIVITY_LIMIT, type RecentActivity } from '../../../contract/dashboard';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { formatRelativeTime } from '../../lib/format';

const KINDS: Record<RecentActivity['type'], { label: string; icon: LucideIcon }> = {
  user: { label: 'New user registered', icon: UserPlusIcon },
  song: { label: 'New song added', icon: Music2Icon },
  artist: { label: 'New artist added', icon: MicVocalIcon },
  album: { label: 'New album created', icon: DiscIcon },
};

/** The latest users, songs, artists and albums merged newest first (at most 6), with relative times. */
export function RecentActivityCard({ items, now }: { items: RecentActivity[]; now?: number }) {
  const shown = items.slice(0, RECENT_ACTIVITY_LIMIT);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Recent Activity</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No recent activity to display</p>
        ) : (
          <ul aria-label="Recent Activity" className="flex flex-col gap-4">
            {shown.map((item) => {
              const { label, icon: Icon } = KINDS[item.type];
              return (
                <li key={`${item.type}-${item.id}`} className="flex items-center gap-3">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted">
                    <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium">{label}</p>
                    <p dir="auto" className="truncate text-sm text-muted-foreground">
                      {item.title}
                    </p>
                  </div>
                  <time
                    dateTime={item.createdAt}
                    title={new Date(item.createdAt).toLocaleString()}
                    className="shrink-0 text-xs text-muted-foreground"
                  >
                    {formatRelativeTime(item.createdAt, now)}
                  </time>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
