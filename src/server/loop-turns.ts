/** Taken at load: a test that fakes timers must not stop the server. */
const nextTurn = globalThis.setImmediate;

/** Work may run back to back in one turn of the event loop for this long; then it waits for a later turn. */
export const SLICE_MS = 2;

let sliceStarted: number | undefined;
/** Work waiting for a turn, first come first served. */
const waiting: Array<() => void> = [];
let roundScheduled = false;

/**
 * Cooperative turns of the event loop (issue 12). Node handles every request that arrived together in
 * one turn of the loop, and everything each one does before its next await runs there too: 50 list pages
 * at about 1 ms each held every other request and timer for 50-100 ms. Callers ask here before a piece
 * of synchronous work (a request's handling, a synchronous SQLite statement, what follows a query's
 * answer): undefined means go on now; a promise, wait for it.
 *
 * Work goes on at once while nothing waits and this slice of the loop has run for less than SLICE_MS.
 * Otherwise it joins the queue, which is served in order in later turns, one slice per turn, so timers and
 * I/O get their turn in between. Nothing is reordered within one request, only spread over turns.
 */
export function takeTurn(): Promise<void> | undefined {
  if (waiting.length === 0) {
    const now = performance.now();
    if (sliceStarted === undefined) {
      startSlice(now);
      return undefined;
    }
    if (now - sliceStarted < SLICE_MS) return undefined;
  }
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    scheduleRound();
  });
}

/** Runs `work` now, or once its turn comes (takeTurn), for callers that cannot await. */
export function afterTurn(work: () => void): void {
  const turn = takeTurn();
  if (turn) turn.then(work);
  else work();
}

function startSlice(now: number) {
  sliceStarted = now;
  // Ends the slice at the next check phase unless renewed: an idle loop starts afresh.
  nextTurn(() => {
    if (sliceStarted === now) sliceStarted = undefined;
  });
}

/**
 * A round serves the queue in a later turn's check phase: the first hop runs in a check phase, so the
 * releases it schedules run in the next turn, after its timers and I/O. Each release is its own
 * setImmediate, so what it releases runs (up to its next await) before the next release checks the slice.
 */
function scheduleRound() {
  if (roundScheduled) return;
  roundScheduled = true;
  nextTurn(() => {
    let fresh = true;
    let left = waiting.length;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      roundScheduled = false;
      if (waiting.length > 0) scheduleRound();
    };
    const release = () => {
      left -= 1;
      const now = performance.now();
      if (fresh) {
        fresh = false;
        startSlice(now);
      } else if (sliceStarted !== undefined && now - sliceStarted >= SLICE_MS) return end();
      waiting.shift()?.();
      if (left === 0) end();
    };
    for (let i = left; i > 0; i -= 1) nextTurn(release);
  });
}
