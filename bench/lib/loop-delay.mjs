// Preloaded into the benchmarked server (node --import): its event-loop delay, reset and read by the
// bench over the IPC channel, so the product carries no benchmark code.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.on('message', (message) => {
  if (message === 'loop-delay:reset') histogram.reset();
  if (message === 'loop-delay:read')
    process.send?.({ loopDelay: { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 } });
});
process.channel?.unref();
