import * as nodeModule from 'node:module';

/** The query parameter that gives each reload of the entry, and of its local imports, a URL of its own. */
export const VERSION_PARAM = 'burgee-dev';

// Node caches an ES module by URL for the life of the process, so a reload must ask for new URLs.
// The entry is imported as `entry.mjs?burgee-dev=N`; this resolve hook passes the parent's N on to
// every relative import that stays inside the watched folder (outside node_modules), so the files the
// entry imports are read again too. Packages (bare specifiers) keep their one instance: burgee itself
// must stay the copy that serves. The version travels with the parent URL, not through a message
// port, so it can never lag behind the import that needs it. Hooks run on their own thread (Node 20)
// and are loaded by URL; a data: URL keeps them in this bundle instead of a file of their own.
const HOOKS = `
let root;
export function initialize(data) { root = data.root; }
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  const parent = context.parentURL;
  const local = specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('file:');
  if (!local || parent === undefined || !parent.startsWith(root)) return result;
  if (!result.url.startsWith(root) || result.url.includes('/node_modules/')) return result;
  const version = new URL(parent).searchParams.get(${JSON.stringify(VERSION_PARAM)});
  if (version === null) return result;
  const url = new URL(result.url);
  url.searchParams.set(${JSON.stringify(VERSION_PARAM)}, version);
  return { ...result, url: url.href };
}
`;

let registered: string | undefined;

type ResolveResult = { url: string; format?: string | null | undefined; shortCircuit?: boolean };
type SyncResolve = (
  specifier: string,
  context: { parentURL?: string | undefined },
  nextResolve: (specifier: string, context: { parentURL?: string | undefined }) => ResolveResult,
) => ResolveResult;
/** Node's in-thread hooks (22.15, 23.5 and later), which replace `register` (deprecated from Node 26). */
type RegisterHooks = (hooks: { resolve: SyncResolve }) => unknown;

/** The hook above as an in-thread, synchronous one. */
function versionFollower(root: string): SyncResolve {
  return (specifier, context, nextResolve) => {
    const result = nextResolve(specifier, context);
    const parent = context.parentURL;
    const local = specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('file:');
    if (!local || parent === undefined || !parent.startsWith(root)) return result;
    if (!result.url.startsWith(root) || result.url.includes('/node_modules/')) return result;
    const version = new URL(parent).searchParams.get(VERSION_PARAM);
    if (version === null) return result;
    const url = new URL(result.url);
    url.searchParams.set(VERSION_PARAM, version);
    return { ...result, url: url.href };
  };
}

/** Makes local imports under `rootUrl` (a `file:` URL ending in `/`) follow the entry's version; once per process. */
export function registerReloadHooks(rootUrl: string): void {
  if (registered !== undefined) {
    if (registered !== rootUrl) throw new Error(`reload hooks already watch ${registered}`);
    return;
  }
  const registerHooks = (nodeModule as { registerHooks?: RegisterHooks }).registerHooks;
  if (typeof registerHooks === 'function') registerHooks({ resolve: versionFollower(rootUrl) });
  else nodeModule.register(`data:text/javascript,${encodeURIComponent(HOOKS)}`, { data: { root: rootUrl } });
  registered = rootUrl;
}
