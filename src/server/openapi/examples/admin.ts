import { auditAdminSchema, auditEntrySchema } from '../../../contract/audit';
import { currentUserSchema, loginBodySchema, loginResponseSchema } from '../../../contract/auth';
import { bannerActiveSchema, bannerInputSchema, bannerSchema } from '../../../contract/banners';
import { dashboardSchema } from '../../../contract/dashboard';
import { playlistCountsSchema, playlistSchema, playlistUpdateSchema } from '../../../contract/playlists';
import {
  ADMOB_FIELDS,
  API_KEY_FIELDS,
  SECRET_API_KEY_FIELDS,
  SECRET_MASK,
  settingsSchema,
} from '../../../contract/settings';
import { appUserSchema, userUpdateSchema } from '../../../contract/users';
import { requestExample, responseExample } from '../route-docs';

requestExample(loginBodySchema, { username: 'admin', password: 'correct horse battery staple' });
responseExample(currentUserSchema, { username: 'admin', email: 'admin@nazenk.example' });
responseExample(loginResponseSchema, { user: { username: 'admin', email: 'admin@nazenk.example' } });

responseExample(playlistSchema, {
  id: 21,
  name: 'Sohbat — صحبت',
  description: 'شپ ءِ سازءُ زیمل, evening songs',
  userId: 7,
  createdBy: 'Mahnaz Baloch',
  songCount: 18,
  totalDuration: 4320,
  isPublic: true,
  isFeatured: false,
  isHidden: false,
  createdAt: '2026-03-02T19:45:00.000Z',
});
requestExample(playlistUpdateSchema, { isFeatured: true });
responseExample(playlistCountsSchema, { all: 240, featured: 12, public: 180, hidden: 3 });

responseExample(bannerSchema, {
  id: 4,
  title: 'نوکیں البم — New album: Kalat Nights',
  description: 'Brahui and Balochi duets, out now',
  imageUrl: '/media/images/banners/c4/c4d5e6f708192a3b4c5d6e7f8091a2b3.png',
  targetUrl: 'https://nazenk.example/albums/5',
  position: 'hero',
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  priority: 1,
  isActive: true,
  clickCount: 312,
  impressionCount: 15840,
  createdAt: '2026-02-28T10:00:00.000Z',
});
requestExample(bannerInputSchema, {
  title: 'نوکیں البم — New album: Kalat Nights',
  description: 'Brahui and Balochi duets, out now',
  imageUrl: '/media/images/banners/c4/c4d5e6f708192a3b4c5d6e7f8091a2b3.png',
  targetUrl: 'https://nazenk.example/albums/5',
  position: 'hero',
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  priority: 1,
  isActive: true,
});
requestExample(bannerActiveSchema, { isActive: false });

responseExample(appUserSchema, {
  id: 7,
  firstName: 'Mahnaz',
  lastName: 'بلوچ',
  username: 'mahnaz.baloch',
  email: 'mahnaz@nazenk.example',
  profileImage: null,
  signupMethod: 'google',
  isPremium: true,
  isActive: true,
  createdAt: '2026-01-20T16:05:00.000Z',
});
requestExample(userUpdateSchema, { isPremium: true });

const admob = Object.fromEntries(ADMOB_FIELDS.map((k) => [k, ''])) as Record<
  (typeof ADMOB_FIELDS)[number],
  string
>;
admob.androidAppId = 'ca-app-pub-3940256099942544~3347511713';
admob.androidBannerAdUnitId = 'ca-app-pub-3940256099942544/6300978111';
const apiKeys = Object.fromEntries(API_KEY_FIELDS.map((k) => [k, ''])) as Record<
  (typeof API_KEY_FIELDS)[number],
  string
>;
Object.assign(apiKeys, {
  oneSignalAppId: '5eb5a37e-b458-11e3-ac11-000c2940e62c',
  doSpacesBucket: 'nazenk-media',
  doSpacesRegion: 'blr1',
  doSpacesEndpoint: 'https://blr1.digitaloceanspaces.com',
});
const masked = { ...apiKeys };
for (const k of SECRET_API_KEY_FIELDS) if (k === 'doSpacesAccessKey') masked[k] = `${SECRET_MASK}7Q2A`;
responseExample(settingsSchema, { admob, apiKeys: masked });

responseExample(dashboardSchema, {
  users: { total: 100000, active: 97400, premium: 8200 },
  content: { artists: 1200, albums: 5400, songs: 100000, publishedSongs: 96800, genres: 24 },
  engagement: { totalStreams: 48200000, totalDownloads: 1250000 },
  banners: { active: 6 },
  recentActivity: [
    { type: 'song', id: 101, title: 'منی وطن', createdAt: '2026-03-05T10:00:00.000Z' },
    { type: 'user', id: 7, title: 'Mahnaz Baloch', createdAt: '2026-03-05T09:40:00.000Z' },
    { type: 'album', id: 5, title: 'Kalat Nights — قلات ءِ شپ', createdAt: '2026-03-04T18:00:00.000Z' },
  ],
  streamsPerDay: [
    { date: '2026-03-04', streams: 15230 },
    { date: '2026-03-05', streams: 16110 },
  ],
});

responseExample(auditEntrySchema, {
  id: 1204,
  at: '2026-03-04T09:12:45.120Z',
  adminId: 1,
  adminUsername: 'admin',
  resource: 'artists',
  recordId: 12,
  recordLabel: 'نور محمد نورل',
  action: 'update',
  changes: [
    { field: 'name', before: 'نور محمد', after: 'نور محمد نورل' },
    { field: 'verified', before: false, after: true },
  ],
});
responseExample(auditAdminSchema, { id: 1, username: 'admin' });
