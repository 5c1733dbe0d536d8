import type { Insertable } from 'kysely';
import type { BannersTable } from '../db/schema';
import { bannerSearchText } from '../modules/search-text';
import { batchInsert, syncIdSequence } from './batch-insert';
import { DAY, iso, isoDate, maxId, type SeedContext } from './context';

type Position = BannersTable['position'];

interface BannerSeed {
  title: string;
  description: string;
  target: string;
  position: Position;
  priority: number;
  active: boolean;
  /** Days from today: the campaign's start and end (null: open-ended). */
  days: [start: number, end: number] | null;
}

const BANNERS: readonly BannerSeed[] = [
  {
    title: 'Zahirok Week',
    description: 'New Zahirok from Kech and Makran — زهیروک ءِ هپته',
    target: 'https://nazenk.app/genres/zahirok',
    position: 'hero',
    priority: 10,
    active: true,
    days: [-5, 9],
  },
  {
    title: 'Akhtar Chanal: Live from Karachi',
    description: 'The full concert, remastered.',
    target: 'https://nazenk.app/artists/akhtar-chanal',
    position: 'hero',
    priority: 8,
    active: true,
    days: null,
  },
  {
    title: 'Eid Sepad Collection',
    description: 'Songs of praise for Eid — سپت',
    target: 'https://nazenk.app/playlists/eid-sepad',
    position: 'hero',
    priority: 6,
    active: false,
    days: [-90, -75],
  },
  {
    title: 'Go Pro',
    description: 'Download songs and listen offline with Nazenk Pro.',
    target: 'https://nazenk.app/pro',
    position: 'sidebar',
    priority: 5,
    active: true,
    days: null,
  },
  {
    title: 'Brahui Classics',
    description: 'The best of Brahui folk from Kalat and Khuzdar — براهوئی',
    target: 'https://nazenk.app/genres/brahui-folk',
    position: 'sidebar',
    priority: 4,
    active: true,
    days: [-20, 40],
  },
  {
    title: 'Follow your favourite artists',
    description: 'Get notified when they release new songs.',
    target: 'https://nazenk.app/artists',
    position: 'footer',
    priority: 2,
    active: true,
    days: null,
  },
  {
    title: 'Balochi Culture Day',
    description: 'Celebrate with Sot and Laadi — بلوچی ثقافتی روچ',
    target: 'https://nazenk.app/playlists/culture-day',
    position: 'footer',
    priority: 3,
    active: false,
    days: [30, 31],
  },
  {
    title: 'Nazenk Pro: first month free',
    description: 'Try every Pro feature for 30 days.',
    target: 'https://nazenk.app/pro/trial',
    position: 'popup',
    priority: 7,
    active: true,
    days: [-3, 27],
  },
];

/** Eight banners across the four positions; seeded banners have no image (image_url is null). */
export async function seedBanners(ctx: SeedContext): Promise<number> {
  const base = await maxId(ctx, 'banners');
  const rows: Insertable<BannersTable>[] = BANNERS.map((b, i) => {
    const createdAt = iso(ctx.now - (b.days ? Math.max(2, 10 - b.days[0]) : 120) * DAY);
    const impressions = b.active ? ctx.random.int(2_000, 90_000) : ctx.random.int(0, 20_000);
    return {
      id: base + i + 1,
      title: b.title,
      description: b.description,
      imageUrl: null,
      targetUrl: b.target,
      position: b.position,
      startDate: b.days ? isoDate(ctx.now + b.days[0] * DAY) : null,
      endDate: b.days ? isoDate(ctx.now + b.days[1] * DAY) : null,
      priority: b.priority,
      isActive: b.active,
      clickCount: Math.round(impressions * (0.01 + ctx.random.next() * 0.05)),
      impressionCount: impressions,
      searchText: bannerSearchText(b),
      createdAt,
      updatedAt: createdAt,
    };
  });
  await batchInsert(ctx.db, ctx.dialect, 'banners', rows);
  await syncIdSequence(ctx.db, ctx.dialect, 'banners');
  return rows.length;
}
