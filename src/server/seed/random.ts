/** A small seeded pseudo-random generator (mulberry32): the same seed gives the same catalogue. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks a key by its weight. */
  weighted<T extends string>(weights: Readonly<Record<T, number>>): T {
    const entries = Object.entries(weights) as [T, number][];
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [key, w] of entries) {
      r -= w;
      if (r < 0) return key;
    }
    const last = entries.at(-1);
    if (!last) throw new Error('weighted pick from no weights');
    return last[0];
  }

  /** A heavy-tailed popularity in (0, 1]: most items are obscure, a few are hits. */
  popularity(): number {
    return this.next() ** 3 * 0.98 + 0.02;
  }

  /** `count` distinct integers from [0, size), in random order (count is capped at size). */
  distinct(size: number, count: number): number[] {
    const n = Math.min(size, count);
    if (n * 3 > size) return this.shuffle([...Array(size).keys()]).slice(0, n);
    const seen = new Set<number>();
    while (seen.size < n) seen.add(Math.floor(this.next() * size));
    return [...seen];
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  }
}

/** Samples indexes in proportion to their weights (cumulative table and binary search). */
export class WeightedIndex {
  private readonly cumulative: Float64Array;

  constructor(weights: ArrayLike<number>) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      sum += weights[i] ?? 0;
      this.cumulative[i] = sum;
    }
  }

  get total(): number {
    return this.cumulative.at(-1) ?? 0;
  }

  sample(random: Random): number {
    const target = random.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] ?? 0) > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
