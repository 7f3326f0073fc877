// Preload (`node --import <this file>`) that records every module the process actually loads, one URL
// per line, into the file named by RECORD_LOADS_FILE. The same file is both the preload and the hooks
// module: on the main thread it registers itself; on Node 20 the hooks then run on a separate thread.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';

let file = process.env.RECORD_LOADS_FILE;

if (isMainThread) {
  if (!file) throw new Error('record-loads: set RECORD_LOADS_FILE to the file that receives the loaded URLs');
  register(import.meta.url, { data: { file } });
  // ESM hooks do not see modules that CommonJS code require()s, so add the CommonJS cache at exit.
  const cache = createRequire(import.meta.url).cache;
  process.on('exit', () => {
    const urls = Object.keys(cache).map((path) => pathToFileURL(path).href);
    if (urls.length > 0) appendFileSync(file, `${urls.join('\n')}\n`);
  });
}

/** Receives the output file from `register()`'s `data` option, on the hooks thread. */
export function initialize(data) {
  file = data.file;
}

/** Records each URL as it is loaded; the synchronous append finishes before the module is handed back. */
export async function load(url, context, nextLoad) {
  appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
