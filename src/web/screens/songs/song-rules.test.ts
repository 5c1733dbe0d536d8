import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from '../../lib/download';
import { songStatusVariant } from './song-status-badge';

describe('filenameFromDisposition', () => {
  it('prefers the UTF-8 filename* parameter', () => {
    const header = `attachment; filename="Lailo.mp3"; filename*=UTF-8''${encodeURIComponent('لیلو جان.mp3')}`;
    expect(filenameFromDisposition(header, 'x.mp3')).toBe('لیلو جان.mp3');
  });

  it('falls back to filename, quoted or not, then to the given name', () => {
    expect(filenameFromDisposition('attachment; filename="Sahar \\"live\\".mp3"', 'x.mp3')).toBe(
      'Sahar "live".mp3',
    );
    expect(filenameFromDisposition('attachment; filename=plain.mp3', 'x.mp3')).toBe('plain.mp3');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A", 'x.mp3')).toBe('x.mp3');
    expect(filenameFromDisposition('attachment', 'Song.mp3')).toBe('Song.mp3');
    expect(filenameFromDisposition(null, 'Song.mp3')).toBe('Song.mp3');
  });
});

describe('songStatusVariant', () => {
  it('shows published green, processing blue, anything else grey', () => {
    expect(songStatusVariant('published')).toBe('green');
    expect(songStatusVariant('processing')).toBe('blue');
    expect(songStatusVariant('draft')).toBe('grey');
    expect(songStatusVariant('archived')).toBe('grey');
  });
});
