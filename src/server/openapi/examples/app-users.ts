import {
  appLoginBodySchema,
  passwordResetBodySchema,
  registerBodySchema,
  resetTokenSchema,
  socialBodySchema,
} from '../../../contract/accounts';
import {
  playlistOrderBodySchema,
  playlistSongBodySchema,
  userPlaylistCreateSchema,
  userPlaylistDetailSchema,
  userPlaylistSchema,
  userPlaylistUpdateSchema,
  userStatsSchema,
} from '../../../contract/user-playlists';
import { requestExample, responseExample } from '../route-docs';

// App users' accounts and playlists, in Balochi and Brahui data (Arabic script and Latin).

requestExample(registerBodySchema, {
  email: 'mahnaz@nazenk.example',
  password: 'Sohbat-e-Shap 2026',
  username: 'mahnaz.baloch',
  firstName: 'Mahnaz',
  lastName: 'بلوچ',
});
requestExample(appLoginBodySchema, { email: 'mahnaz@nazenk.example', password: 'Sohbat-e-Shap 2026' });
requestExample(socialBodySchema, {
  idToken: 'eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl',
  firstName: 'Shahzeb',
  lastName: 'براہوئی',
});
requestExample(passwordResetBodySchema, {
  token: 'nzk_pr_4f8a1c2e9b7d6e5f4a3b2c1d0e9f8a7b',
  password: 'Kalat-Nights 2026',
});
responseExample(resetTokenSchema, {
  token: 'nzk_pr_4f8a1c2e9b7d6e5f4a3b2c1d0e9f8a7b',
  expiresAt: '2026-03-06T11:00:00.000Z',
});

const playlist = {
  id: 44,
  name: 'Safar — سفر',
  description: 'راہ ءِ سوت, songs for the road to Gwadar',
  isPublic: true,
  isHidden: false,
  isOwner: true,
  createdBy: 'Mahnaz Baloch',
  songCount: 1,
  createdAt: '2026-03-04T07:30:00.000Z',
  updatedAt: '2026-03-05T10:00:00.000Z',
};
responseExample(userPlaylistSchema, playlist);
responseExample(userPlaylistDetailSchema, {
  ...playlist,
  songs: [
    {
      id: 101,
      title: 'منی وطن',
      lyricist: 'Gul Khan Nasir — گل خان نصیر',
      albumId: 5,
      albumTitle: 'منی وطن',
      artistName: 'نور خان بزنجو',
      coverArt: null,
      genreId: 3,
      duration: 245,
      lyrics: null,
      language: 'Balochi',
      totalStreams: 18250,
      likesCount: 940,
      downloadsCount: 310,
      createdAt: '2026-02-01T08:20:00.000Z',
    },
  ],
});
requestExample(userPlaylistCreateSchema, {
  name: 'Safar — سفر',
  description: 'راہ ءِ سوت, songs for the road to Gwadar',
  isPublic: true,
});
requestExample(userPlaylistUpdateSchema, { name: 'Shap — شپ', isPublic: false });
requestExample(playlistSongBodySchema, { songId: 101 });
requestExample(playlistOrderBodySchema, { songIds: [101, 102] });
responseExample(userStatsSchema, {
  userId: 7,
  likedSongs: 42,
  followedArtists: 9,
  playlists: 3,
  totalStreams: 1280,
  totalDownloads: 35,
  listeningSeconds: 301400,
  lastStreamAt: '2026-03-05T10:58:00.000Z',
});
