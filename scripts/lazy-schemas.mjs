// The MCP SDK builds its zod schemas long before it needs them: its protocol types module builds
// some two hundred when it is evaluated, and the first message of either protocol era builds that
// era's whole set (another two hundred) and the method maps over it, though a server's first
// answers need a few dozen. This plugin has each of those schemas built on first use instead. The
// code that builds a schema is the SDK's own, unchanged; only when it runs moves.
//
// Two steps, because a schema is used from other modules of the bundle:
//   1. transform, in the SDK's modules: a deferred constant `const X = <expr>;` becomes
//      `const X = /* @__PURE__ */ __burgeeLazy(() => <expr>);` (pure, so an unused one is still
//      dropped), and an object literal of schemas `{ a: <expr>, b }` becomes one of memoised
//      getters `{ get a() { return m0 ??= (<expr>); }, get b() { return m1 ??= (b); } }`;
//   2. renderChunk, in the one chunk, where scopes are final: each marked declaration becomes
//      `var X$burgeeLazy; function X() { return X$burgeeLazy ??= (<expr>); }` and every reference
//      that resolves to it becomes `X()`.
// What is deferred is named in the SDK's terms below; when the SDK's code does not hold it in the
// shape expected (a release changed it), the build stops rather than ship it half deferred.
import { RolldownMagicString } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';

const MARK = '__burgeeLazy';
const MEMO = '__burgeeMemo';

/** The AST nodes directly under `node`, each with the field holding it. */
function children(node) {
  const out = [];
  for (const [field, value] of Object.entries(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child !== null && typeof child?.type === 'string') out.push([child, field]);
    }
  }
  return out;
}

/** Every AST node under `node`, `node` first. */
function* nodes(node) {
  yield node;
  for (const [child] of children(node)) yield* nodes(child);
}

// ---- step 1: marking, in a module -------------------------------------------------------------

/** Marks `declarator`'s initialiser as deferred. */
function markDeclarator(s, declarator) {
  s.appendRight(declarator.init.start, `/* @__PURE__ */ ${MARK}(() => (`);
  s.appendLeft(declarator.init.end, '))');
}

/** The key of a plain `key: value` property as getter syntax, or undefined for any other member. */
function plainKey(code, property) {
  if (property.type !== 'Property' || property.kind !== 'init' || property.method || property.computed)
    return undefined;
  return code.slice(property.key.start, property.key.end);
}

/**
 * Turns an object literal's plain properties into memoised getters, declaring the memos before
 * `statement`. Returns false, changing nothing, when the object has any other kind of member.
 */
function getterize(s, code, object, statement, memos) {
  const keys = object.properties.map((property) => plainKey(code, property));
  if (keys.some((key) => key === undefined)) return false;
  const names = object.properties.map(() => `${MEMO}${memos.count++}`);
  s.appendRight(statement.start, `let ${names.join(', ')}; `);
  object.properties.forEach((property, i) => {
    if (property.shorthand) {
      s.overwrite(property.start, property.end, `get ${keys[i]}() { return ${names[i]} ??= (${keys[i]}); }`);
    } else {
      s.overwrite(property.start, property.value.start, `get ${keys[i]}() { return ${names[i]} ??= (`);
      s.appendLeft(property.value.end, '); }');
    }
  });
  return true;
}

/** The `const` statements of a block (exported or not) that declare one identifier each, with their declarators. */
function constDeclarators(statements) {
  return statements
    .map((statement) => ({
      statement,
      declaration: statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement,
    }))
    .filter(
      ({ declaration: d }) => d?.type === 'VariableDeclaration' && d.kind === 'const' && d.declarations.length === 1,
    )
    .map(({ statement, declaration }) => ({ statement, declarator: declaration.declarations[0] }))
    .filter(({ declarator }) => declarator.id.type === 'Identifier' && declarator.init !== null);
}

/**
 * @typedef {object} Deferral
 * @property {RegExp} module
 * @property {string[] | ((name: string) => boolean)} [constants]
 * @property {string[]} [objects]
 * @property {{ original: string, replacement: string }[]} [replace]
 * @property {number} [builders]
 * @property {number} [maps]
 */

/**
 * What a module defers:
 * - `constants`: which of its top-level constants, by name: a list (each must be there) or a test;
 * - `objects`: top-level constants (a list of names) holding an object literal of schemas, whose
 *   properties become getters;
 * - `builders`: functions building a set of schemas (`function f() { const A = …; …; return { A, … } }`),
 *   with how many it must hold: each one's constants are deferred and its result's properties
 *   become getters;
 * - `replace`: exact pieces of its code to replace first (`{ original, replacement }`), each of
 *   which must be found once;
 * - `maps`: how many object literals of schemas read off a built set (`{ m: s.A, … }`, every value
 *   a property of the same variable) the module must hold: they become getters.
 * @param {string} source
 * @param {Omit<Deferral, 'module'>} what
 */
export function markModule(source, { constants = [], objects = [], replace = [], builders = 0, maps = 0 }) {
  if (source.includes(MEMO) || source.includes(MARK)) {
    throw new Error(`the module already uses the names ${MARK}/${MEMO}`);
  }
  const code = replace.reduce(replaceOnce, source);
  const program = parseAst(code);
  const m = { s: new RolldownMagicString(code), code, memos: { count: 0 } };
  let marked = markConstants(m, program, constants);
  for (const name of objects) {
    const found = constDeclarators(program.body).find(({ declarator }) => declarator.id.name === name);
    const init = found?.declarator.init;
    if (init?.type !== 'ObjectExpression' || !getterize(m.s, code, init, found.statement, m.memos)) {
      throw new Error(`no top-level constant ${name} holding a plain object literal`);
    }
  }
  const built = builders === 0 ? [] : program.body.map((fn) => markBuilder(m, fn)).filter((n) => n !== undefined);
  marked += built.reduce((sum, n) => sum + n, 0);
  const mapped = maps === 0 ? 0 : markMaps(m, program);
  if (built.length !== builders || mapped !== maps) {
    throw new Error(
      `expected ${builders} schema builders and ${maps} schema maps, found ${built.length} and ${mapped}`,
    );
  }
  return { code: m.s.toString(), map: m.s.generateMap({ hires: true }), marked };
}

function replaceOnce(code, { original, replacement }) {
  const at = code.indexOf(original);
  if (at === -1 || code.indexOf(original, at + 1) !== -1) {
    throw new Error(`the code to replace is not there once:\n${original}`);
  }
  return code.replace(original, () => replacement);
}

/** Marks the top-level constants `constants` names; how many. */
function markConstants(m, program, constants) {
  const wanted = typeof constants === 'function' ? constants : (name) => constants.includes(name);
  const chosen = constDeclarators(program.body).filter(({ declarator }) => wanted(declarator.id.name));
  const names = new Set(chosen.map(({ declarator }) => declarator.id.name));
  const absent = Array.isArray(constants) ? constants.filter((name) => !names.has(name)) : [];
  if (absent.length > 0) throw new Error(`no top-level constant ${absent.join(', ')}`);
  for (const { declarator } of chosen) markDeclarator(m.s, declarator);
  return chosen.length;
}

/** Marks a schema builder's constants and result, returning how many constants; undefined if `fn` is none. */
function markBuilder(m, fn) {
  if (fn.type !== 'FunctionDeclaration') return undefined;
  const body = fn.body.body;
  const last = body.at(-1);
  const consts = constDeclarators(body);
  if (consts.length < 50 || last?.type !== 'ReturnStatement' || last.argument?.type !== 'ObjectExpression') {
    return undefined;
  }
  for (const { statement, declarator } of consts) {
    markDeclarator(m.s, declarator);
    if (declarator.init.type === 'ObjectExpression') getterize(m.s, m.code, declarator.init, statement, m.memos);
  }
  if (!getterize(m.s, m.code, last.argument, last, m.memos))
    throw new Error(`${fn.id.name}: its result is not a plain object`);
  return consts.length;
}

/** Turns the schema maps assigned anywhere in the module into getters; how many. */
function markMaps(m, program) {
  let count = 0;
  for (const node of nodes(program)) {
    if (node.type !== 'ExpressionStatement' || node.expression.type !== 'AssignmentExpression') continue;
    for (const object of nodes(node.expression.right)) {
      if (object.type === 'ObjectExpression' && isSchemaMap(object) && getterize(m.s, m.code, object, node, m.memos))
        count++;
    }
  }
  return count;
}

/** `{ a: s.A, 'b/c': s.B, … }`: three or more plain properties, each a property of the same variable. */
function isSchemaMap(object) {
  const values = object.properties.map((p) => (p.type === 'Property' && !p.computed && !p.method ? p.value : null));
  if (
    values.length < 3 ||
    values.some((v) => v?.type !== 'MemberExpression' || v.computed || v.object.type !== 'Identifier')
  ) {
    return false;
  }
  return values.every((v) => v.object.name === values[0].object.name);
}

// ---- step 2: rewriting, in the chunk ----------------------------------------------------------

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
const BLOCKS = new Set([
  'BlockStatement',
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
  'SwitchStatement',
  'StaticBlock',
]);

/** The identifiers a binding pattern (`a`, `{ a, b: [c] }`, `d = 1`, `...e`) binds. */
function patternIds(pattern, out = []) {
  if (pattern === null) return out;
  if (pattern.type === 'Identifier') out.push(pattern);
  else if (pattern.type === 'ObjectPattern')
    for (const p of pattern.properties) patternIds(p.type === 'RestElement' ? p.argument : p.value, out);
  else if (pattern.type === 'ArrayPattern') for (const e of pattern.elements) patternIds(e, out);
  else if (pattern.type === 'AssignmentPattern') patternIds(pattern.left, out);
  else if (pattern.type === 'RestElement') patternIds(pattern.argument, out);
  return out;
}

/**
 * Every scope of the program (itself, functions, blocks, catch clauses), each with a map from the
 * names declared in it to the identifiers declaring them (strict code: functions and classes are
 * block scoped, `var` function scoped), and the set of all declaring identifiers.
 */
function scopesOf(program) {
  const scopes = new Map();
  const declaring = new Set();
  const declare = (scope, pattern) => {
    for (const id of patternIds(pattern)) {
      scopes.get(scope).set(id.name, id);
      declaring.add(id);
    }
  };
  const visit = (node, fnScope, blockScope) => {
    if (node === program || FUNCTIONS.has(node.type) || BLOCKS.has(node.type) || node.type === 'CatchClause')
      scopes.set(node, new Map());
    if (FUNCTIONS.has(node.type)) {
      if (node.type === 'FunctionDeclaration') declare(blockScope, node.id);
      else if (node.id) declare(node, node.id);
      for (const param of node.params) declare(node, param);
      fnScope = node;
      blockScope = node;
    } else if (node.type === 'ClassDeclaration') {
      declare(blockScope, node.id);
    } else if (node.type === 'CatchClause') {
      declare(node, node.param);
      blockScope = node;
    } else if (BLOCKS.has(node.type)) {
      blockScope = node;
    } else if (node.type === 'VariableDeclaration') {
      for (const d of node.declarations) declare(node.kind === 'var' ? fnScope : blockScope, d.id);
    }
    for (const [child] of children(node)) visit(child, fnScope, blockScope);
  };
  visit(program, program, program);
  return { scopes, declaring };
}

/** The marked declarations of a chunk: each one's statement, declaring identifier and expression. */
function markedDeclarations(program) {
  const found = [];
  for (const statement of nodes(program)) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const d of statement.declarations) {
      const call = d.init;
      if (call?.type !== 'CallExpression' || call.callee.type !== 'Identifier' || call.callee.name !== MARK) continue;
      const [arrow] = call.arguments;
      if (
        statement.declarations.length !== 1 ||
        d.id.type !== 'Identifier' ||
        arrow?.type !== 'ArrowFunctionExpression' ||
        !arrow.expression
      ) {
        throw new Error(`a deferred declaration is not \`const X = ${MARK}(() => expr)\` alone`);
      }
      found.push({ statement, id: d.id, body: arrow.body });
    }
  }
  return found;
}

/** Whether an identifier node, under `parent` at `key`, is a reference to a binding. */
function isReference(node, parent, key, declaring) {
  if (declaring.has(node)) return false;
  if (parent.type === 'MemberExpression' && key === 'property' && !parent.computed) return false;
  const member =
    parent.type === 'Property' || parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition';
  // A shorthand's key: its value, the same name, is visited as the reference.
  if (member && key === 'key' && !parent.computed) return false;
  return !['LabeledStatement', 'BreakStatement', 'ContinueStatement'].includes(parent.type);
}

/** Rewrites the marked declarations of a chunk and every reference resolving to them (step 2). */
export function rewriteChunk(code) {
  const program = parseAst(code);
  const declarations = markedDeclarations(program);
  const marked = new Set(declarations.map((d) => d.id));
  const { scopes, declaring } = scopesOf(program);
  const s = new RolldownMagicString(code);
  for (const { statement, id, body } of declarations) {
    const memo = `${id.name}$burgeeLazy`;
    if (code.includes(memo)) throw new Error(`${memo} is already a name in the chunk`);
    s.overwrite(statement.start, body.start, `var ${memo}; function ${id.name}() { return ${memo} ??= (`);
    s.overwrite(body.end, statement.end, '); }');
  }
  const stack = [];
  const visit = (node, parent, key) => {
    const scope = scopes.get(node);
    if (scope !== undefined) stack.push(scope);
    if (node.type === 'Identifier' && isReference(node, parent, key, declaring)) {
      const binding = stack.findLast((sc) => sc.has(node.name))?.get(node.name);
      if (binding !== undefined && marked.has(binding)) {
        if (parent.type === 'ExportSpecifier') throw new Error(`${node.name} is exported: a deferred schema cannot be`);
        s.appendLeft(node.end, parent.type === 'Property' && parent.shorthand ? `: ${node.name}()` : '()');
      }
    }
    for (const [child, field] of children(node)) visit(child, node, field);
    if (scope !== undefined) stack.pop();
  };
  visit(program, null, null);
  const rewritten = s.toString();
  if (rewritten.includes(MARK)) throw new Error(`a ${MARK} mark was left in the chunk`);
  return { code: rewritten, map: s.generateMap({ hires: true }), count: declarations.length };
}

// ---- the plugin -------------------------------------------------------------------------------

/**
 * The SDK's `specTypeSchemas` and `isSpecType` registries (public exports burgee does not use) read
 * every protocol schema when the SDK's code is evaluated, which would build them all at an MCP
 * server's start after all. Registered through getters instead, each entry is the same schema,
 * built when it is first read. (The replacement has as many lines as the original, so the source
 * map stays true to the line.)
 */
const SPEC_TYPE_REGISTRY = {
  original: `function register(key, schema) {
	const name = key.slice(0, -6);
	_specTypeSchemas[name] = schema;
	_isSpecType[name] = (v) => schema.safeParse(v).success;
}
for (const key of SPEC_SCHEMA_KEYS) register(key, schemas_exports[key]);
for (const [key, schema] of Object.entries(authSchemas)) register(key, schema);`,
  replacement: `function register(key, get) {
	const name = key.slice(0, -6);
	Object.defineProperty(_specTypeSchemas, name, { get, enumerable: true, configurable: true });
	_isSpecType[name] = (v) => get().safeParse(v).success;
}
for (const key of SPEC_SCHEMA_KEYS) register(key, () => schemas_exports[key]);
for (const key of Object.keys(authSchemas)) register(key, () => authSchemas[key]);`,
};

/**
 * What of the SDK is deferred: its protocol and OAuth types, and in its server the two protocol
 * eras' schema sets, the method maps over them, the OAuth schemas' registry and the three
 * constants an elicitation form's check derives from the types at load.
 */
const DEFERRED = [
  {
    module: /[\\/]@modelcontextprotocol[\\/]core[\\/]dist[\\/]schemas-[\w-]+\.mjs$/,
    constants: (name) => name.endsWith('Schema'),
  },
  {
    module: /[\\/]@modelcontextprotocol[\\/]core[\\/]dist[\\/]auth-[\w-]+\.mjs$/,
    constants: (name) => name.endsWith('Schema'),
  },
  {
    module: /[\\/]@modelcontextprotocol[\\/]server[\\/]dist[\\/]src-[\w-]+\.mjs$/,
    constants: ['ROOT_KEYS', 'PROPERTY_KEYS_BY_TYPE', 'SUPPORTED_STRING_FORMATS'],
    objects: ['authSchemas'],
    replace: [SPEC_TYPE_REGISTRY],
    builders: 2,
    maps: 5,
  },
];

/**
 * A rolldown plugin deferring what `deferred` names: a list of `{ module, …what }`, `module` a
 * pattern of the module's path and the rest as markModule takes it. The build stops when a module
 * is not found or does not hold what it should, or when fewer than `minimum` constants were marked.
 * @param {Deferral[]} [deferred]
 * @param {number} [minimum]
 */
export function lazySchemas(deferred = DEFERRED, minimum = 400) {
  let marked = 0;
  const seen = new Set();
  return {
    name: 'burgee-lazy-schemas',
    transform(code, id) {
      const entry = deferred.find((d) => d.module.test(id));
      if (entry === undefined) return null;
      try {
        const result = markModule(code, entry);
        seen.add(entry);
        marked += result.marked;
        return { code: result.code, map: result.map };
      } catch (error) {
        this.error(`${id}: ${error instanceof Error ? error.message : error}; review scripts/lazy-schemas.mjs`);
      }
    },
    buildEnd(error) {
      if (error !== undefined) return;
      const missed = deferred.filter((d) => !seen.has(d));
      if (missed.length > 0) this.error(`no bundled module matched ${missed.map((d) => d.module).join(', ')}`);
      if (marked < minimum)
        this.error(`${marked} constants deferred, expected at least ${minimum}: review scripts/lazy-schemas.mjs`);
    },
    renderChunk(code) {
      try {
        const { code: rewritten, map } = rewriteChunk(code);
        return { code: rewritten, map };
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
