// Preloaded into a server by bench/mcp-memory.mjs (`node --import`): records every collection with
// V8's GC profiler. The first SIGUSR2 marks the end of start-up (the collections so far are set
// aside); the second writes the heap's state and the collections since the mark to
// `<tmpdir>/burgee-memory-probe-<pid>.json`. A diagnostic: it adds a little to what it measures.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';

let profiler = new v8.GCProfiler();
profiler.start();
let marked = false;
process.on('SIGUSR2', () => {
  if (!marked) {
    marked = true;
    profiler.stop();
    profiler = new v8.GCProfiler();
    profiler.start();
    return;
  }
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name, { size: s.space_size, used: s.space_used_size }]),
  );
  const { statistics } = profiler.stop();
  const gcs = statistics.map(({ gcType, beforeGC, afterGC }) => ({
    type: gcType,
    before: usedBySpace(beforeGC),
    after: usedBySpace(afterGC),
    newSpaceSize: afterGC.heapSpaceStatistics.find((s) => s.spaceName === 'new_space')?.spaceSize ?? 0,
  }));
  const report = { memory: process.memoryUsage(), spaces, heap: v8.getHeapStatistics(), gcs };
  writeFileSync(join(tmpdir(), `burgee-memory-probe-${process.pid}.json`), JSON.stringify(report));
});

function usedBySpace(sample) {
  return Object.fromEntries(sample.heapSpaceStatistics.map((s) => [s.spaceName, s.spaceUsedSize]));
}
