import { describe, expect, it } from 'vitest';
import { parseRange } from './range';

describe('Range header', () => {
  it('serves one byte range, open-ended and suffix forms included', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'partial', range: { start: 0, end: 99 } });
    expect(parseRange('bytes=900-', 1000)).toEqual({ kind: 'partial', range: { start: 900, end: 999 } });
    expect(parseRange('bytes=-100', 1000)).toEqual({ kind: 'partial', range: { start: 900, end: 999 } });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ kind: 'partial', range: { start: 0, end: 999 } });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ kind: 'partial', range: { start: 990, end: 999 } });
  });

  it('ignores what it does not serve and refuses what lies beyond the end', () => {
    for (const ignored of [
      undefined,
      '',
      'items=0-1',
      'bytes=0-1,5-9',
      'bytes=9-2',
      'bytes=-',
      'bytes=a-b',
    ]) {
      expect(parseRange(ignored, 1000)).toEqual({ kind: 'full' });
    }
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
