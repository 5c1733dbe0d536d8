import { albumInputSchema, albumSchema, albumYearsSchema } from '../../../contract/albums';
import { artistInputSchema, artistSchema } from '../../../contract/artists';
import { genreInputSchema, genreSchema } from '../../../contract/genres';
import { songInputSchema, songSchema } from '../../../contract/songs';
import { requestExample, responseExample } from '../route-docs';

// Balochi and Brahui catalogue data, in Arabic script and in Latin, as the app shows it.

responseExample(genreSchema, {
  id: 3,
  name: 'Zahirok — زہیروک',
  description: 'بلوچی ءِ کوہنیں سُر، the Balochi song of longing',
  color: '#8B5CF6',
  isActive: true,
  songCount: 42,
  albumCount: 7,
  createdAt: '2026-01-15T09:30:00.000Z',
});
requestExample(genreInputSchema, {
  name: 'Lewa — لیوا',
  description: 'Wedding dance music of Makran',
  color: '#FF6B6B',
  isActive: true,
});

responseExample(artistSchema, {
  id: 12,
  name: 'نور خان بزنجو',
  country: 'Pakistan',
  bio: 'Balochi singer from Turbat — تربت ءِ سازندہ',
  avatar: '/media/images/artists/3f/3f9c0d2e8a4b4c1f9e7d6a5b4c3d2e1f.png',
  verified: true,
  albumCount: 4,
  songCount: 37,
  followersCount: 1520,
  monthlyListeners: 8400,
  totalStreams: 1250000,
  createdAt: '2026-01-10T12:00:00.000Z',
});
requestExample(artistInputSchema, {
  name: 'Shahzeb Brahui — شہزیب براہوئی',
  country: 'Pakistan',
  bio: 'براہوئی گلوکار from Kalat',
  avatar: null,
  verified: false,
});

responseExample(albumSchema, {
  id: 5,
  title: 'منی وطن',
  albumType: 'single',
  primaryArtistId: 12,
  primaryArtistName: 'نور خان بزنجو',
  artistName: 'نور خان بزنجو',
  collaboratingArtists: [],
  collaboratingArtistIds: [],
  genreId: 3,
  genreName: 'Zahirok — زہیروک',
  releaseDate: '2025-03-21',
  description: 'Songs of Makran — مکران ءِ شئر',
  coverArt: '/media/images/albums/a1/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg',
  totalTracks: 8,
  totalStreams: 240000,
  createdAt: '2026-02-01T08:15:00.000Z',
});
requestExample(albumInputSchema, {
  title: 'Kalat Nights — قلات ءِ شپ',
  albumType: 'collaboration',
  selectedArtists: [12, 15],
  genreId: 3,
  releaseDate: '2026-02-01',
  description: 'Brahui and Balochi duets',
  coverArt: null,
});
responseExample(albumYearsSchema, [2026, 2025, 2023]);

responseExample(songSchema, {
  id: 101,
  title: 'منی وطن',
  lyricist: 'Gul Khan Nasir — گل خان نصیر',
  albumId: 5,
  albumTitle: 'منی وطن',
  artistName: 'نور خان بزنجو',
  coverArt: '/media/images/albums/a1/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg',
  genreId: 3,
  duration: 245,
  audioFileUrl: '/media/audio/7e/7e1f2a3b4c5d6e7f8091a2b3c4d5e6f7.mp3',
  audioFileSize: 5880000,
  lyrics: 'منی وطن، منی جان',
  language: 'Balochi',
  status: 'published',
  totalStreams: 18250,
  likesCount: 940,
  downloadsCount: 310,
  createdAt: '2026-02-01T08:20:00.000Z',
});
requestExample(songInputSchema, {
  title: 'Nana Watan — نا وطن',
  lyricist: 'عبدالرحمن کرد',
  albumId: 5,
  genreId: 3,
  audioFileUrl: '/media/audio/7e/7e1f2a3b4c5d6e7f8091a2b3c4d5e6f7.mp3',
  audioFileSize: 4200000,
  duration: 198,
  lyrics: null,
  language: 'Brahui',
  status: 'published',
});
