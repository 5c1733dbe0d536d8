import { authTokensSchema, deviceSchema, refreshBodySchema } from '../../../contract/accounts';
import {
  activeBannerSchema,
  admobConfigSchema,
  bannerCounterSchema,
  downloadResponseSchema,
  followStateSchema,
  likeStateSchema,
  mobileConfigSchema,
  mobileUploadResponseSchema,
  notificationsConfigSchema,
  publicPlaylistSchema,
  publicSongSchema,
  searchResultSchema,
  socialConfigSchema,
  storageConfigSchema,
  streamRequestSchema,
  streamResponseSchema,
} from '../../../contract/mobile';
import { storageTestInputSchema, storageTestResultSchema } from '../../../contract/settings';
import { requestExample, responseExample } from '../route-docs';

// What the app reads and sends, in Balochi and Brahui data (Arabic script and Latin).

const song = {
  id: 101,
  title: 'منی وطن',
  lyricist: 'Gul Khan Nasir — گل خان نصیر',
  albumId: 5,
  albumTitle: 'منی وطن',
  artistName: 'نور خان بزنجو',
  coverArt: '/media/images/albums/a1/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg',
  genreId: 3,
  duration: 245,
  lyrics: 'منی وطن، منی جان',
  language: 'Balochi' as const,
  totalStreams: 18250,
  likesCount: 940,
  downloadsCount: 310,
  createdAt: '2026-02-01T08:20:00.000Z',
};
responseExample(publicSongSchema, song);
responseExample(publicPlaylistSchema, {
  id: 21,
  name: 'Sohbat — صحبت',
  description: 'شپ ءِ سازءُ زیمل, evening songs',
  createdBy: 'Mahnaz Baloch',
  songCount: 18,
  createdAt: '2026-03-02T19:45:00.000Z',
});
const artist = {
  id: 12,
  name: 'نور خان بزنجو',
  country: 'Pakistan',
  bio: 'Balochi singer from Turbat — تربت ءِ سازندہ',
  avatar: null,
  verified: true,
  albumCount: 4,
  songCount: 37,
  followersCount: 1520,
  monthlyListeners: 8400,
  totalStreams: 1250000,
  createdAt: '2026-01-10T12:00:00.000Z',
};
responseExample(searchResultSchema, {
  q: 'وطن',
  type: 'all',
  songs: { items: [song], total: 1, totalExact: true },
  artists: { items: [artist], total: 1, totalExact: true },
  albums: { items: [], total: 0, totalExact: true },
});

const admob = {
  appId: 'ca-app-pub-3940256099942544~3347511713',
  bannerAdUnitId: 'ca-app-pub-3940256099942544/6300978111',
  interstitialAdUnitId: 'ca-app-pub-3940256099942544/1033173712',
  rewardedAdUnitId: 'ca-app-pub-3940256099942544/5224354917',
  nativeAdUnitId: 'ca-app-pub-3940256099942544/2247696110',
};
responseExample(admobConfigSchema, admob);
const social = { facebook: { enabled: true, appId: '1234567890123456' }, twitter: { enabled: false } };
responseExample(socialConfigSchema, social);
const notifications = {
  oneSignal: { enabled: true, appId: '5eb5a37e-b458-11e3-ac11-000c2940e62c' },
  firebase: { enabled: false },
};
responseExample(notificationsConfigSchema, notifications);
const storage = {
  provider: 's3' as const,
  endpoint: 'https://blr1.digitaloceanspaces.com',
  bucket: 'nazenk-media',
  region: 'blr1',
  uploadUrl: '/api/upload/mobile' as const,
  maxFileSize: 5242880,
  allowedTypes: ['image/jpeg' as const, 'image/png' as const],
};
responseExample(storageConfigSchema, storage);
responseExample(mobileConfigSchema, {
  apiVersion: 1,
  languages: ['Balochi', 'Brahui'],
  admob: { android: admob, ios: admob },
  social,
  notifications,
  storage,
  features: { downloadsRequirePro: true },
});
responseExample(mobileUploadResponseSchema, {
  profileImage: '/media/images/users/5d/5d6e7f8091a2b3c4d5e6f708192a3b4c.jpg',
});

responseExample(activeBannerSchema, {
  id: 4,
  title: 'نوکیں البم — New album: Kalat Nights',
  description: 'Brahui and Balochi duets, out now',
  imageUrl: '/media/images/banners/c4/c4d5e6f708192a3b4c5d6e7f8091a2b3.png',
  targetUrl: 'https://nazenk.example/albums/5',
  position: 'hero',
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  priority: 1,
});
responseExample(bannerCounterSchema, { id: 4, count: 15841 });

requestExample(streamRequestSchema, { deviceType: 'phone', platform: 'android', location: 'Turbat — تربت' });
responseExample(streamResponseSchema, {
  streamUrl: '/api/songs/101/audio?expires=1772708400&signature=Qm9sYW4tc2lnbmF0dXJl',
  expiresAt: '2026-03-05T11:00:00.000Z',
  counted: true,
});
responseExample(downloadResponseSchema, {
  downloadUrl: '/api/songs/101/audio?expires=1772708400&signature=Qm9sYW4tc2lnbmF0dXJl&download=1',
  expiresAt: '2026-03-05T11:00:00.000Z',
  fileName: 'منی وطن.mp3',
});
responseExample(likeStateSchema, { songId: 101, liked: true, likesCount: 941 });
responseExample(followStateSchema, { artistId: 12, following: true, followersCount: 1521 });

responseExample(authTokensSchema, {
  tokenType: 'Bearer',
  accessToken: 'nzk_at_3q2+7w9fQ1c8xR0bLk5mVY4uT6pZsA2d',
  refreshToken: 'nzk_rt_H7e1Jm4sP9vB2nK8cQ6xW3yZ5tL0aR1f',
  expiresAt: '2026-03-05T12:00:00.000Z',
  refreshExpiresAt: '2026-04-04T11:00:00.000Z',
});
requestExample(refreshBodySchema, { refreshToken: 'nzk_rt_H7e1Jm4sP9vB2nK8cQ6xW3yZ5tL0aR1f' });
responseExample(deviceSchema, {
  id: 31,
  createdAt: '2026-03-01T09:00:00.000Z',
  lastUsedAt: '2026-03-05T10:59:00.000Z',
  expiresAt: '2026-03-05T12:00:00.000Z',
  refreshExpiresAt: '2026-03-31T09:00:00.000Z',
  userAgent: 'Nazenk/1.4 (Android 14)',
  current: true,
});

requestExample(storageTestInputSchema, {
  doSpacesAccessKey: 'DO00EXAMPLEACCESSKEY',
  doSpacesSecretKey: 'example-secret-key-0123456789',
  doSpacesBucket: 'nazenk-media',
  doSpacesRegion: 'blr1',
  doSpacesEndpoint: 'https://blr1.digitaloceanspaces.com',
});
responseExample(storageTestResultSchema, {
  ok: true,
  message: 'Wrote and deleted a test object in nazenk-media',
});
