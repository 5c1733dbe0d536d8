import {
  DiscIcon,
  ImageIcon,
  LanguagesIcon,
  type LucideIcon,
  MicVocalIcon,
  Music2Icon,
  RadioIcon,
  TagsIcon,
  UsersIcon,
} from 'lucide-react';
import { useId } from 'react';
import type { Dashboard } from '../../../contract/dashboard';
import { SONG_LANGUAGES } from '../../../contract/songs';
import { Card, CardContent } from '../../components/ui/card';
import { formatNumber } from '../../lib/format';

interface Stat {
  title: string;
  value: number;
  note: string;
  icon: LucideIcon;
}

/** The eight cards of spec section 2, in its order; Languages is fixed at 2 (Balochi, Brahui). */
export function dashboardStats(d: Dashboard): Stat[] {
  return [
    {
      title: 'Total Users',
      value: d.users.total,
      note: `${formatNumber(d.users.active)} active · ${formatNumber(d.users.premium)} Pro`,
      icon: UsersIcon,
    },
    { title: 'Songs Library', value: d.content.songs, note: 'Songs in the catalogue', icon: Music2Icon },
    { title: 'Artists', value: d.content.artists, note: 'Artist profiles', icon: MicVocalIcon },
    { title: 'Albums', value: d.content.albums, note: 'Singles and collaborations', icon: DiscIcon },
    { title: 'Published Songs', value: d.content.publishedSongs, note: 'Live in the app', icon: RadioIcon },
    { title: 'Active Banners', value: d.banners.active, note: 'Shown in the app', icon: ImageIcon },
    { title: 'Total Genres', value: d.content.genres, note: 'Categories', icon: TagsIcon },
    {
      title: 'Languages',
      value: SONG_LANGUAGES.length,
      note: SONG_LANGUAGES.join(', '),
      icon: LanguagesIcon,
    },
  ];
}

function StatCard({ stat }: { stat: Stat }) {
  const id = useId();
  const Icon = stat.icon;
  return (
    <Card role="group" aria-labelledby={id} className="gap-2 py-5">
      <CardContent className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={id} className="text-sm font-medium text-muted-foreground">
            {stat.title}
          </h2>
          <p className="text-3xl font-bold tabular-nums" data-testid="stat-value">
            {formatNumber(stat.value)}
          </p>
          <p className="text-xs text-muted-foreground">{stat.note}</p>
        </div>
        <span className="flex size-10 items-center justify-center rounded-full bg-muted">
          <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
        </span>
      </CardContent>
    </Card>
  );
}

export function StatCards({ dashboard }: { dashboard: Dashboard }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {dashboardStats(dashboard).map((stat) => (
        <StatCard key={stat.title} stat={stat} />
      ))}
    </div>
  );
}
