import autocannon from 'autocannon';

/** Streams per second of the background app traffic (BENCH_STREAMS_PER_SECOND). */
export const STREAMS_PER_SECOND = Number(process.env.BENCH_STREAMS_PER_SECOND ?? 200);

/**
 * Songs the background streams rotate over: one app user streaming a song counts once per 30 s, so at
 * 200 streams/s each song must come back less often than every 30 s for every stream to write.
 */
const BACKGROUND_SONGS = 10_000;
const PAGE = 1000;

export interface StreamLoad {
  /** Stops the load; answers what it sent. */
  stop(): Promise<{ requests: number; perSecond: number; non2xx: number }>;
}

/** Published song ids as the app lists them, up to BACKGROUND_SONGS. */
async function songIds(url: string, authorization: string): Promise<number[]> {
  const ids: number[] = [];
  while (ids.length < BACKGROUND_SONGS) {
    const response = await fetch(`${url}/api/songs?limit=${PAGE}&offset=${ids.length}`, {
      headers: { authorization },
    });
    if (!response.ok) throw new Error(`app song list answered ${response.status}`);
    const page = ((await response.json()) as { id: number }[]).map((song) => song.id);
    ids.push(...page);
    if (page.length < PAGE) break;
  }
  return ids;
}

/**
 * Background app traffic: `POST /api/songs/{id}/stream` at STREAMS_PER_SECOND, each a counted stream
 * (a stream event plus the song's counter), while a target is measured (issue 12: reads under app load).
 */
export async function startStreamLoad(url: string, authorization: string): Promise<StreamLoad> {
  const paths = (await songIds(url, authorization)).map((id) => `/api/songs/${id}/stream`);
  if (paths.length === 0) throw new Error('no published songs to stream');
  let next = 0;
  const started = performance.now();
  const instance = autocannon(
    {
      url,
      connections: 10,
      pipelining: 1,
      overallRate: STREAMS_PER_SECOND,
      duration: 24 * 3600,
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ deviceType: 'Pixel 8', platform: 'android', location: 'کویته' }),
      requests: [
        { setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] as string }) },
      ],
    },
    () => undefined,
  );
  const finished = new Promise<autocannon.Result>((resolve) => instance.once('done', resolve));
  return {
    async stop() {
      instance.stop();
      const result = await finished;
      const seconds = (performance.now() - started) / 1000;
      return {
        requests: result.requests.total,
        perSecond: result.requests.total / seconds,
        non2xx: result.non2xx,
      };
    },
  };
}
