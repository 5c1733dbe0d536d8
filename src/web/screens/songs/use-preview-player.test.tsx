// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PreviewSong, usePreviewPlayer } from './use-preview-player';

const SONGS: Array<PreviewSong & { title: string }> = [
  { id: 1, title: 'Lailo', audioFileUrl: '/media/audio/lailo.mp3' },
  { id: 2, title: 'زهیرۆک', audioFileUrl: '/media/audio/zahirok.mp3' },
  { id: 3, title: 'Silent', audioFileUrl: null },
];

let play: ReturnType<typeof vi.fn>;
let pause: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // jsdom does not implement media playback.
  play = vi.fn(() => Promise.resolve());
  pause = vi.fn();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play as never);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause as never);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A table-like harness: one button per song, named like the songs screen's buttons. */
function Harness() {
  const player = usePreviewPlayer();
  return (
    <div>
      {SONGS.map((song) => {
        const playing = player.playingId === song.id;
        return (
          <button key={song.id} type="button" onClick={() => player.toggle(song)}>
            {`${playing ? 'Pause' : 'Play'} ${song.title}`}
          </button>
        );
      })}
      <audio {...player.audioProps} data-testid="audio" />
    </div>
  );
}

const audio = () => screen.getByTestId('audio') as HTMLAudioElement;
const button = (name: string) => screen.getByRole('button', { name });
const pressed = () => screen.queryAllByRole('button', { name: /^Pause / }).map((b) => b.textContent);

describe('song preview player', () => {
  it('plays one song at a time: starting another stops the first', async () => {
    render(<Harness />);
    await act(async () => fireEvent.click(button('Play Lailo')));
    expect(pressed()).toEqual(['Pause Lailo']);
    expect(audio().getAttribute('src')).toBe('/media/audio/lailo.mp3');
    expect(play).toHaveBeenCalledTimes(1);

    const pausesBefore = pause.mock.calls.length;
    await act(async () => fireEvent.click(button('Play زهیرۆک')));
    expect(pressed()).toEqual(['Pause زهیرۆک']);
    expect(pause.mock.calls.length).toBeGreaterThan(pausesBefore);
    expect(audio().getAttribute('src')).toBe('/media/audio/zahirok.mp3');
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('stops when the playing song is pressed again', async () => {
    render(<Harness />);
    await act(async () => fireEvent.click(button('Play Lailo')));
    await act(async () => fireEvent.click(button('Pause Lailo')));
    expect(pressed()).toEqual([]);
    expect(pause).toHaveBeenCalled();
    expect(audio().hasAttribute('src')).toBe(false);
    expect(play).toHaveBeenCalledTimes(1);
    // and it plays again from a fresh press
    await act(async () => fireEvent.click(button('Play Lailo')));
    expect(pressed()).toEqual(['Pause Lailo']);
  });

  it('resets when playback ends', async () => {
    render(<Harness />);
    await act(async () => fireEvent.click(button('Play Lailo')));
    act(() => {
      fireEvent.ended(audio());
    });
    expect(pressed()).toEqual([]);
    expect(button('Play Lailo')).toBeTruthy();
  });

  it('resets on a media error', async () => {
    render(<Harness />);
    await act(async () => fireEvent.click(button('Play زهیرۆک')));
    act(() => {
      fireEvent.error(audio());
    });
    expect(pressed()).toEqual([]);
  });

  it('resets when the browser refuses to play, but not when a newer song aborted the older one', async () => {
    render(<Harness />);
    play.mockImplementationOnce(() => Promise.reject(new DOMException('no source', 'NotSupportedError')));
    await act(async () => fireEvent.click(button('Play Lailo')));
    expect(pressed()).toEqual([]);

    let abortFirst: (e: unknown) => void = () => {};
    play.mockImplementationOnce(
      () =>
        new Promise((_, reject) => {
          abortFirst = reject;
        }),
    );
    await act(async () => fireEvent.click(button('Play Lailo')));
    await act(async () => fireEvent.click(button('Play زهیرۆک')));
    await act(async () => abortFirst(new DOMException('interrupted', 'AbortError')));
    expect(pressed()).toEqual(['Pause زهیرۆک']);
  });

  it('does nothing for a song without an audio file', async () => {
    render(<Harness />);
    await act(async () => fireEvent.click(button('Play Silent')));
    expect(pressed()).toEqual([]);
    expect(play).not.toHaveBeenCalled();
  });
});
