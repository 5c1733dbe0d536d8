import { ArrowLeftIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { abbreviateCount, formatNumber } from '../../lib/format';
import { useItem } from '../../lib/resource-hooks';
import { artists } from '../../lib/resources';
import { ArtistAlbums } from './artist-albums';
import { ArtistAvatar } from './artist-avatar';
import { ArtistSongs } from './artist-songs';
import { ArtistStatusBadge } from './artist-status-badge';

/** The read-only page the view icon opens: the artist's details, albums and songs. */
export default function ArtistDetailScreen() {
  const id = Number(useParams().id);
  const artist = useItem(artists, id);

  const back = (
    <Link
      to="/artists"
      className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      Back to Artists
    </Link>
  );

  if (artist.isLoading) return <Spinner label="Loading artist..." className="py-12" />;
  if (artist.error || !artist.data) {
    const notFound =
      !Number.isInteger(id) || id <= 0 || (artist.error instanceof ApiError && artist.error.status === 404);
    return (
      <section className="flex flex-col gap-4">
        {back}
        <p role="alert" className="py-12 text-center text-destructive">
          {notFound ? 'Artist not found' : 'Error loading artists'}
        </p>
      </section>
    );
  }

  const a = artist.data;
  const stats = [
    { label: 'Followers', value: abbreviateCount(a.followersCount), exact: a.followersCount },
    { label: 'Monthly listeners', value: abbreviateCount(a.monthlyListeners), exact: a.monthlyListeners },
    { label: 'Total streams', value: abbreviateCount(a.totalStreams), exact: a.totalStreams },
    { label: 'Albums', value: formatNumber(a.albumCount), exact: a.albumCount },
    { label: 'Songs', value: formatNumber(a.songCount), exact: a.songCount },
  ];

  return (
    <section className="flex flex-col gap-8">
      {back}
      <header className="flex flex-wrap items-start gap-6">
        <ArtistAvatar name={a.name} avatar={a.avatar} className="size-24 text-3xl" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 dir="auto" className="text-3xl font-bold tracking-tight">
              {a.name}
            </h1>
            <ArtistStatusBadge verified={a.verified} />
          </div>
          <p dir="auto" className="text-muted-foreground">
            {a.country || 'Country not set'}
          </p>
          {a.bio ? (
            <p dir="auto" className="max-w-3xl whitespace-pre-line">
              {a.bio}
            </p>
          ) : null}
        </div>
      </header>

      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {stats.map((s) => (
          <Card key={s.label} className="gap-1 py-4">
            <CardContent>
              <dt className="text-sm text-muted-foreground">{s.label}</dt>
              <dd className="text-2xl font-bold" title={formatNumber(s.exact)}>
                {s.value}
              </dd>
            </CardContent>
          </Card>
        ))}
      </dl>

      <ArtistAlbums artistId={a.id} />
      <ArtistSongs artistId={a.id} />
    </section>
  );
}
