// Changes made to bundled dependency code as it is compiled into dist/, each for a measured reason,
// each checked at build time: when the code it replaces is not found exactly as expected (a new
// release changed it), the build stops instead of shipping the release unpatched or half-patched.
// docs/mcp-sdk.md lists them for users; drop one as soon as the upstream release fixes it.

/**
 * zod 4 (the SDK's validator): a failed `safeParse` returns an object literal with its own `error`
 * getter and setter. Each such literal makes V8 allocate the accessor pair in the old generation,
 * pointing at closures that hold the parse's issues, its context and the value parsed. Until the
 * next full collection those old objects keep all of that alive through every young collection.
 * The SDK's message dispatch runs two failing `safeParse`s on every request it receives (is this a
 * result? an error response?), so a busy server copies and promotes each request's message and
 * parse state; on `bench/mcp.mjs` that alone grew V8's new space to its limit and raised the
 * server's resident memory by ~4%. The replacement keeps the result's shape (an own enumerable
 * `error` accessor, built on first read, settable) with one shared getter and setter, so V8 keeps
 * every failure on one hidden class and allocates nothing old for it.
 */
const ZOD_SAFE_PARSE_FAILURE = {
  module: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]parse\.js$/,
  original: `function failure(Err, issues, ctx) {
    let error;
    return {
        success: false,
        get error() {
            if (!error) {
                error = new Err(issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())));
                // finalizeIssue drops \`input\`, so the built error holds nothing; keeping the raw issues past this point pins the parsed value for the life of the result
                issues = undefined;
                ctx = undefined;
            }
            return error;
        },
        set error(e) {
            error = e;
            // a replacement makes the getter's branch unreachable, so the captures have to go here too
            issues = undefined;
            ctx = undefined;
        },
    };
}`,
  replacement: `class SafeParseFailure {
    #Err;
    #issues;
    #ctx;
    #error;
    static #errorProperty = {
        get() {
            if (!this.#error) {
                this.#error = new this.#Err(this.#issues.map((iss) => util.finalizeIssue(iss, this.#ctx, core.config())));
                this.#issues = undefined;
                this.#ctx = undefined;
            }
            return this.#error;
        },
        set(e) {
            this.#error = e;
            this.#issues = undefined;
            this.#ctx = undefined;
        },
        enumerable: true,
        configurable: true,
    };
    constructor(Err, issues, ctx) {
        this.success = false;
        this.#Err = Err;
        this.#issues = issues;
        this.#ctx = ctx;
        Object.defineProperty(this, "error", SafeParseFailure.#errorProperty);
    }
}
function failure(Err, issues, ctx) {
    return new SafeParseFailure(Err, issues, ctx);
}`,
};

const PATCHES = [ZOD_SAFE_PARSE_FAILURE];

/**
 * The SDK's `_shims` entry, for Node: `process` (the global), and `DefaultJsonSchemaValidator`, an AJV-based JSON
 * Schema validator the `Server` constructs for one feature, checking the answer to a form
 * elicitation (`elicitInput`). burgee checks the answers its questions get itself, as the flags'
 * values (type, choices, bounds, Standard Schema; runtime/bound-prompts.ts), and hands its `Server`
 * a validator that defers to those checks (runtime/mcp/server.ts), so AJV is left out: it was a
 * third of the bundled chunk, ~9% of an MCP server's start-up (A/B of spawn -> tools/list, 30
 * rounds: 0.925). Should the SDK ever reach for the default, the call fails with this message
 * instead of validating nothing.
 */
const SDK_SHIMS = '\0burgee-sdk-shims';
// The global, not `import process from 'node:process'`: that import builds the module's ES facade,
// which reads every property of process (process.report loads its module): about 10 ms of a
// server's start on Node 20 and 24 (N1). The object is the same.
const SDK_SHIMS_CODE = `const process = globalThis.process;
export { process };
export class DefaultJsonSchemaValidator {
  getValidator() {
    throw new Error('burgee bundles no JSON Schema validator for the MCP SDK (its server checks answers itself, as flag values)');
  }
}
`;

/**
 * A rolldown plugin applying PATCHES, for a build that bundles the SDK. The build fails when a
 * patched module's code is not the expected one, or when no bundled module was patched at all.
 */
export function vendorPatches() {
  const applied = new Set();
  return {
    name: 'burgee-vendor-patches',
    resolveId(source) {
      return source === '@modelcontextprotocol/server/_shims' ? SDK_SHIMS : null;
    },
    load(id) {
      return id === SDK_SHIMS ? SDK_SHIMS_CODE : null;
    },
    transform(code, id) {
      const patch = PATCHES.find((p) => p.module.test(id));
      if (patch === undefined) return null;
      const at = code.indexOf(patch.original);
      if (at === -1 || code.indexOf(patch.original, at + 1) !== -1) {
        this.error(`${id} is not the code scripts/vendor-patches.mjs patches: review the patch for this release`);
      }
      applied.add(patch);
      return { code: code.replace(patch.original, patch.replacement), map: null };
    },
    buildEnd(error) {
      if (error !== undefined) return;
      const missed = PATCHES.filter((patch) => !applied.has(patch));
      if (missed.length > 0) this.error(`no bundled module matched ${missed.map((p) => p.module).join(', ')}`);
    },
  };
}
