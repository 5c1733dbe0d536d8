import {
  audioUploadResponseSchema,
  batchSongsResponseSchema,
  extractMetadataResponseSchema,
  imageUploadResponseSchema,
} from '../../../contract/media';
import { requestExample, responseExample } from '../route-docs';
import { batchSongsDocumentedSchema } from '../schemas';

responseExample(imageUploadResponseSchema, {
  imageUrl: '/media/images/artists/3f/3f9c0d2e8a4b4c1f9e7d6a5b4c3d2e1f.png',
});

const tags = {
  title: 'منی وطن',
  lyricist: 'Gul Khan Nasir — گل خان نصیر',
  artist: 'نور خان بزنجو',
  album: 'منی وطن',
  genre: 'Zahirok',
  year: 2025,
  trackNumber: 1,
};
responseExample(extractMetadataResponseSchema, {
  ...tags,
  duration: 245,
  format: 'mp3',
  fileSize: 5880000,
  sha256: '9f2b5c1e0d4a7b3c6e8f1a2d4c6b8e0f1a3c5e7092b4d6f8a0c2e4f6b8d0a2c4',
  cover: null,
  duplicateOfSongId: null,
});
responseExample(audioUploadResponseSchema, {
  audioUrl: '/media/audio/7e/7e1f2a3b4c5d6e7f8091a2b3c4d5e6f7.mp3',
  duration: 245,
  fileSize: 5880000,
  format: 'mp3',
  sha256: '9f2b5c1e0d4a7b3c6e8f1a2d4c6b8e0f1a3c5e7092b4d6f8a0c2e4f6b8d0a2c4',
  duplicateOfSongId: null,
  metadata: tags,
});

const saved = {
  id: 102,
  title: 'Nana Watan — نا وطن',
  lyricist: 'عبدالرحمن کرد',
  albumId: 5,
  albumTitle: 'منی وطن',
  artistName: 'نور خان بزنجو',
  coverArt: null,
  genreId: 3,
  duration: 198,
  audioFileUrl: '/media/audio/7e/7e1f2a3b4c5d6e7f8091a2b3c4d5e6f7.mp3',
  audioFileSize: 4200000,
  lyrics: null,
  language: 'Brahui' as const,
  status: 'published',
  totalStreams: 0,
  likesCount: 0,
  downloadsCount: 0,
  createdAt: '2026-03-05T11:00:00.000Z',
};
requestExample(batchSongsDocumentedSchema, {
  songs: [
    {
      title: 'Nana Watan — نا وطن',
      lyricist: 'عبدالرحمن کرد',
      albumId: 5,
      audioFileUrl: '/media/audio/7e/7e1f2a3b4c5d6e7f8091a2b3c4d5e6f7.mp3',
      audioFileSize: 4200000,
      duration: 198,
      lyrics: null,
      language: 'Brahui',
      status: 'published',
      likesCount: 0,
      downloadsCount: 0,
    },
    {
      title: 'Zahirok — زہیروک',
      albumId: 5,
      audioFileUrl: '/media/audio/0a/0a1b2c3d4e5f60718293a4b5c6d7e8f9.mp3',
    },
  ],
});
responseExample(batchSongsResponseSchema, {
  success: [saved],
  failed: [
    {
      originalData: {
        title: 'Zahirok — زہیروک',
        albumId: 5,
        audioFileUrl: '/media/audio/0a/0a1b2c3d4e5f60718293a4b5c6d7e8f9.mp3',
      },
      error:
        'Audio file /media/audio/0a/0a1b2c3d4e5f60718293a4b5c6d7e8f9.mp3 was not uploaded to this server',
    },
  ],
  successCount: 1,
  failedCount: 1,
});
