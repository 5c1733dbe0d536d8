import { describe, expect, it } from 'vitest';
import { countersOf } from './counters';
import { ALL_TABLES, TableChanges } from './table-changes';

const N = 5_000;

function changesAt() {
  const clock = { now: 1_000_000 };
  const changes = new TableChanges({ refreshMs: N, now: () => clock.now });
  changes.setCascades([{ parent: 'songs', child: 'stream_events' }]);
  const heard: string[][] = [];
  changes.subscribe((tables) => heard.push([...tables].sort()));
  return { clock, changes, heard };
}

describe('TableChanges: counter changes held back for refreshMs', () => {
  it('delivers counter changes together, refreshMs after the first, on the next mark and not before', () => {
    const { clock, changes, heard } = changesAt();
    const mark = changes.mark();
    changes.changed(['stream_events', countersOf('songs')]);
    clock.now += 1_000;
    changes.changed(['song_likes']);
    clock.now += N - 1_001;
    expect(changes.trustworthy).toBe(true);
    expect(changes.changedSince(mark, [countersOf('songs')])).toBe(false);
    expect(heard).toEqual([]);

    clock.now += 1;
    const next = changes.mark();
    expect(heard).toEqual([['song_likes', 'songs.counters', 'stream_events']]);
    expect(changes.changedSince(mark, ['song_likes'])).toBe(true);
    expect(changes.changedSince(next, ['song_likes'])).toBe(false);
  });

  it('delivers any other table at once; counters it cascades into are held back too', () => {
    const { clock, changes, heard } = changesAt();
    changes.changed([countersOf('banners'), 'songs']);
    expect(heard).toEqual([['songs']]);
    clock.now += N;
    changes.mark();
    expect(heard.at(-1)).toEqual(['banners.counters', 'stream_events']);
  });

  it('starts a new window after each delivery', () => {
    const { clock, changes, heard } = changesAt();
    changes.changed(['artist_follows']);
    clock.now += N;
    changes.mark();
    changes.changed(['artist_follows']);
    clock.now += N - 1;
    changes.mark();
    expect(heard).toHaveLength(1);
    clock.now += 1;
    changes.mark();
    expect(heard).toHaveLength(2);
  });

  it('delivers counter changes at once when refreshMs is 0', () => {
    const changes = new TableChanges({ refreshMs: 0 });
    changes.setCascades([]);
    const heard: string[][] = [];
    changes.subscribe((tables) => heard.push([...tables]));
    changes.changed([countersOf('songs')]);
    expect(heard).toEqual([['songs.counters']]);
  });
});

describe('TableChanges: only writes that reach a watched table are delivered', () => {
  it('stays quiet for a table no cache reads, and hears one whose delete cascades into a watched table', () => {
    const changes = new TableChanges({ refreshMs: 0 }, new Set(['songs', 'playlists']));
    changes.setCascades([{ parent: 'app_users', child: 'playlists' }]);
    const heard: string[][] = [];
    changes.subscribe((tables) => heard.push([...tables].sort()));
    const mark = changes.mark();

    expect(changes.watches(['rate_limits'])).toBe(false);
    changes.changed(['rate_limits']);
    expect(heard).toEqual([]);
    expect(changes.mark()).toBe(mark);

    expect(changes.watches(['app_users'])).toBe(true);
    changes.changed(['app_users']);
    expect(heard).toEqual([['app_users', 'playlists']]);
    expect(changes.changedSince(mark, ['playlists'])).toBe(true);
  });

  it('hears everything when the tables are unknown', () => {
    const changes = new TableChanges({ refreshMs: 0 }, new Set(['songs']));
    changes.setCascades([]);
    const heard: string[][] = [];
    changes.subscribe((tables) => heard.push([...tables]));
    changes.changed([ALL_TABLES]);
    expect(heard).toEqual([[ALL_TABLES]]);
  });
});
