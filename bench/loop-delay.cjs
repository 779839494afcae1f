// Preloaded into each server of the load bench (node --require): on SIGUSR2 it prints the event
// loop's longest delay since the last SIGUSR2 (or the start), "loop delay max N ms", and starts
// again. The bench asks before and after the load: what the server itself stalled, apart from
// what the shared machine adds to an answer's latency.
const { monitorEventLoopDelay } = require('node:perf_hooks');

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
process.on('SIGUSR2', () => {
  process.stdout.write(`loop delay max ${(delay.max / 1e6).toFixed(0)} ms\n`);
  delay.reset();
});
