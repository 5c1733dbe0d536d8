// Preloaded into the benchmarked server (node --import): its event-loop delay, reset and read by the
// bench over the IPC channel, so the product carries no benchmark code.
import { monitorEventLoopDelay } from 'node:perf_hooks';

// The histogram records the whole interval between two timer fires, so an idle loop reads as the
// resolution itself (10.3 ms at resolution 10); the delay is what lies beyond it.
const RESOLUTION_MS = 1;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
const beyond = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
histogram.enable();
process.on('message', (message) => {
  if (message === 'loop-delay:reset') histogram.reset();
  if (message === 'loop-delay:read')
    process.send?.({ loopDelay: { p99: beyond(histogram.percentile(99)), max: beyond(histogram.max) } });
});
process.channel?.unref();
