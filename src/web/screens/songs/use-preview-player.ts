import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

export interface PreviewSong {
  id: number;
  audioFileUrl: string | null;
}

export interface PreviewPlayer {
  /** The song playing now, or null. */
  playingId: number | null;
  /** Plays `song`, stopping any other; pressing the one playing stops it. */
  toggle: (song: PreviewSong) => void;
  stop: () => void;
  /** Spread on the screen's one <audio> element. */
  audioProps: {
    ref: RefObject<HTMLAudioElement | null>;
    onEnded: () => void;
    onError: () => void;
  };
}

/**
 * The song preview of spec section 4: one <audio> for the whole screen, so one song plays at a time;
 * starting another stops the first, pressing the playing one stops it, the end or an error resets.
 */
export function usePreviewPlayer(): PreviewPlayer {
  const ref = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<number | null>(null);
  // The song the element was last told to play; events of an earlier song are ignored against it.
  const current = useRef<number | null>(null);

  const reset = useCallback(() => {
    current.current = null;
    setPlayingId(null);
  }, []);

  const stop = useCallback(() => {
    const audio = ref.current;
    if (audio) {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    }
    reset();
  }, [reset]);

  const toggle = useCallback(
    (song: PreviewSong) => {
      const audio = ref.current;
      if (!audio || !song.audioFileUrl) return;
      if (current.current === song.id) {
        stop();
        return;
      }
      audio.pause();
      audio.src = song.audioFileUrl;
      current.current = song.id;
      setPlayingId(song.id);
      Promise.resolve(audio.play()).catch((error: unknown) => {
        // An AbortError only means another song (or a stop) replaced this one.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        if (current.current === song.id) reset();
      });
    },
    [stop, reset],
  );

  const onError = useCallback(() => {
    if (current.current !== null) reset();
  }, [reset]);

  useEffect(
    () => () => {
      ref.current?.pause();
    },
    [],
  );

  return { playingId, toggle, stop, audioProps: { ref, onEnded: reset, onError } };
}
