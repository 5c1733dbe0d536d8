// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Playlist } from '../../../contract/playlists';
import { ApiError, NetworkError } from '../../lib/api';
import { formatTotalDuration, PlaylistBadges, playlistBadges, playlistErrorMessage } from './playlist-rules';

afterEach(cleanup);

const flags = (isFeatured: boolean, isPublic: boolean, isHidden: boolean) => ({
  isFeatured,
  isPublic,
  isHidden,
});
const labels = (p: ReturnType<typeof flags>) => playlistBadges(p).map((b) => b.label);

describe('playlistBadges', () => {
  it('reads Public only when public and not hidden; Hidden wins over Public; Featured adds', () => {
    expect(labels(flags(false, true, false))).toEqual(['Public']);
    expect(labels(flags(false, true, true))).toEqual(['Hidden']);
    expect(labels(flags(false, false, false))).toEqual(['Private']);
    expect(labels(flags(true, false, true))).toEqual(['Featured', 'Hidden']);
    expect(playlistBadges(flags(true, true, false)).map((b) => b.variant)).toEqual(['purple', 'green']);
  });

  it('renders the badges with their colour variants', () => {
    const playlist = { ...flags(true, true, true), id: 1, name: 'شب' } as Playlist;
    render(<PlaylistBadges playlist={playlist} />);
    expect(screen.getByText('Featured').getAttribute('data-variant')).toBe('purple');
    expect(screen.getByText('Hidden').getAttribute('data-variant')).toBe('red');
    expect(screen.queryByText('Public')).toBeNull();
  });
});

describe('playlist texts', () => {
  it('says "{status}: {status text}" for a failed call, else the error message', () => {
    expect(playlistErrorMessage(new ApiError(500, 'Internal Server Error', {}))).toBe(
      '500: Internal Server Error',
    );
    expect(playlistErrorMessage(new NetworkError(new TypeError('x')))).toBe('Network error');
  });

  it('formats a total duration as m:ss under an hour, else h:mm:ss', () => {
    expect(formatTotalDuration(0)).toBe('0:00');
    expect(formatTotalDuration(385)).toBe('6:25');
    expect(formatTotalDuration(3600 + 62)).toBe('1:01:02');
  });
});
