import type { Insertable } from 'kysely';
import type { AlbumArtistsTable, AlbumsTable, ArtistsTable, GenresTable } from '../db/schema';
import { albumRow, artistRow, genreRow } from '../modules/catalogue-rows';
import { batchInsert, syncIdSequence } from './batch-insert';
import { between, DAY, iso, isoDate, maxId, type SeedContext } from './context';
import { WeightedIndex } from './random';
import { makeTitle } from './titles';
import {
  ARTISTS,
  type ArtistSeed,
  COUNTRY_WEIGHTS,
  FAMILY_NAMES,
  GENRES,
  GIVEN_NAMES,
  type Language,
  PLACES,
} from './vocabulary';

export interface SeededGenre {
  id: number;
  name: string;
  isActive: boolean;
}
export interface SeededArtist {
  id: number;
  name: string;
  language: Language;
  popularity: number;
  createdAt: number;
}
export interface SeededAlbum {
  id: number;
  title: string;
  artistNames: string[];
  language: Language;
  genreId: number | null;
  popularity: number;
  createdAt: number;
}

export async function seedGenres(ctx: SeedContext): Promise<SeededGenre[]> {
  const base = await maxId(ctx, 'genres');
  const rows: Insertable<GenresTable>[] = GENRES.map((g, i) => {
    const createdAt = iso(ctx.now - 800 * DAY + i * DAY);
    return genreRow({ id: base + i + 1, ...g, createdAt });
  });
  await batchInsert(ctx.db, ctx.dialect, 'genres', rows);
  await syncIdSequence(ctx.db, ctx.dialect, 'genres');
  return rows.map((r, i) => ({ id: base + i + 1, name: r.name, isActive: GENRES[i]?.isActive ?? true }));
}

/** The forty named artists, then (for large catalogues) combinations of given and family names. */
function artistSeeds(ctx: SeedContext, count: number): ArtistSeed[] {
  const seeds = ARTISTS.slice(0, count);
  const combos = ctx.random.distinct(GIVEN_NAMES.length * FAMILY_NAMES.length, count - seeds.length);
  for (let i = seeds.length; i < count; i++) {
    const combo =
      combos[i - ARTISTS.length] ?? ctx.random.int(0, GIVEN_NAMES.length * FAMILY_NAMES.length - 1);
    const given = GIVEN_NAMES[combo % GIVEN_NAMES.length] ?? GIVEN_NAMES[0];
    const family = FAMILY_NAMES[Math.floor(combo / GIVEN_NAMES.length)] ?? FAMILY_NAMES[0];
    if (!given || !family) throw new Error('empty name lists');
    const script = ctx.random.chance(0.4) ? 1 : 0;
    seeds.push({
      name: `${given[script]} ${family[script]}`,
      country: ctx.random.weighted(COUNTRY_WEIGHTS),
      language: ctx.random.chance(0.25) ? 'Brahui' : 'Balochi',
      verified: ctx.random.chance(0.2),
    });
  }
  return seeds;
}

export async function seedArtists(ctx: SeedContext, count: number): Promise<SeededArtist[]> {
  const base = await maxId(ctx, 'artists');
  const seeded: SeededArtist[] = [];
  const rows: Insertable<ArtistsTable>[] = artistSeeds(ctx, count).map((a, i) => {
    const createdAt = between(ctx, ctx.now - 720 * DAY, ctx.now - 20 * DAY);
    const place = ctx.random.pick(PLACES)[0];
    seeded.push({
      id: base + i + 1,
      name: a.name,
      language: a.language,
      popularity: ctx.random.popularity(),
      createdAt,
    });
    return artistRow({
      id: base + i + 1,
      name: a.name,
      country: a.country,
      bio: `${a.language} singer from ${place}, ${a.country}.`,
      avatar: null,
      verified: a.verified,
      createdAt: iso(createdAt),
    });
  });
  await batchInsert(ctx.db, ctx.dialect, 'artists', rows);
  await syncIdSequence(ctx.db, ctx.dialect, 'artists');
  return seeded;
}

/** Albums by one artist ("single") or several ("collaboration", credited through album_artists). */
export async function seedAlbums(
  ctx: SeedContext,
  count: number,
  artists: readonly SeededArtist[],
  genres: readonly SeededGenre[],
): Promise<SeededAlbum[]> {
  const base = await maxId(ctx, 'albums');
  const byPopularity = new WeightedIndex(artists.map((a) => a.popularity + 0.05));
  const active = genres.filter((g) => g.isActive);
  const brahuiGenre = genres.find((g) => g.name === 'Brahui Folk');
  const albums: SeededAlbum[] = [];
  const rows: Insertable<AlbumsTable>[] = [];
  const credits: Insertable<AlbumArtistsTable>[] = [];

  for (let i = 0; i < count; i++) {
    const id = base + i + 1;
    const collaboration = artists.length > 1 && ctx.random.chance(0.2);
    const credited = collaboration
      ? ctx.random.distinct(artists.length, ctx.random.int(2, 4)).map((k) => artists[k] as SeededArtist)
      : [artists[byPopularity.sample(ctx.random)] as SeededArtist];
    const lead = credited[0] as SeededArtist;
    const genre =
      lead.language === 'Brahui' && brahuiGenre && ctx.random.chance(0.6)
        ? brahuiGenre
        : ctx.random.pick(active);
    const title = makeTitle(ctx.random);
    const createdAt = between(ctx, Math.max(...credited.map((a) => a.createdAt)), ctx.now - 2 * DAY);
    const released = between(ctx, Date.UTC(2008, 0, 1), createdAt);
    const place = ctx.random.pick(PLACES);
    const description = ctx.random.chance(0.7) ? `${genre.name} songs from ${place[0]} — ${place[1]}.` : null;
    const names = credited.map((a) => a.name);
    rows.push(
      albumRow(
        {
          id,
          title,
          albumType: collaboration ? 'collaboration' : 'single',
          primaryArtistId: collaboration ? null : lead.id,
          genreId: ctx.random.chance(0.95) ? genre.id : null,
          releaseDate: ctx.random.chance(0.9) ? isoDate(released) : null,
          description,
          coverArt: null,
          createdAt: iso(createdAt),
        },
        names,
      ),
    );
    // Only collaborations list their artists in album_artists; a single has its primary artist.
    if (collaboration) {
      credited.forEach((a, position) => {
        credits.push({ albumId: id, artistId: a.id, position });
      });
    }
    albums.push({
      id,
      title,
      artistNames: names,
      language: lead.language,
      genreId: rows[i]?.genreId ?? null,
      popularity: (lead.popularity + ctx.random.popularity()) / 2,
      createdAt,
    });
  }
  await batchInsert(ctx.db, ctx.dialect, 'albums', rows);
  await batchInsert(ctx.db, ctx.dialect, 'albumArtists', credits);
  await syncIdSequence(ctx.db, ctx.dialect, 'albums');
  return albums;
}
