// On the first message of either protocol era, the MCP SDK builds that era's whole set of zod
// schemas (about two hundred, each with its own methods and checks) and the maps from a method to
// its request and result schemas, though a server's first answers use a few dozen of them. This
// plugin has each schema of those sets built on first use instead. The code that builds a schema is
// the SDK's own, unchanged; only when it runs moves.
//
// Two steps, because scopes are final only once the chunk is rendered:
//   1. transform, in the SDK's server module: in each era's builder function, `const X = <expr>;`
//      becomes `const X = /* @__PURE__ */ __burgeeLazy(() => <expr>);`, and an object literal of
//      schemas (the builder's result, a map of them) `{ a: <expr>, b }` becomes one of memoised
//      getters `{ get a() { return m0 ??= (<expr>); }, get b() { return m1 ??= (b); } }`;
//   2. renderChunk, in the one chunk: each marked declaration becomes
//      `var X$burgeeLazy; function X() { return X$burgeeLazy ??= (<expr>); }` and every reference
//      that resolves to it becomes `X()`.
// When the SDK's code does not hold the builders and maps in the shape expected (a release changed
// it), the build stops rather than ship it half deferred.
//
// The SDK's protocol types module, which builds two hundred more schemas as soon as its code runs,
// is left as it is: deferring it too saved another ~15 ms of start-up, but kept the server's heap so
// small at start that V8 grew its young generation (touching its pages for the first time) inside
// `bench/mcp.mjs`'s concurrent batch instead, a quarter fewer calls per second there on Node 24
// (bench/RESULTS.md).
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
function getterize({ s, code, memos }, object, statement) {
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

/** The `const` statements of a block that declare one identifier each, with their declarators. */
function constDeclarators(statements) {
  return statements
    .filter((st) => st.type === 'VariableDeclaration' && st.kind === 'const' && st.declarations.length === 1)
    .map((statement) => ({ statement, declarator: statement.declarations[0] }))
    .filter(({ declarator }) => declarator.id.type === 'Identifier' && declarator.init !== null);
}

/**
 * @typedef {object} Deferral
 * @property {RegExp} module
 * @property {number} [builders]
 * @property {number} [maps]
 */

/**
 * What a module defers, each with how many it must hold:
 * - `builders`: functions building a set of schemas (`function f() { const A = …; …; return { A, … } }`,
 *   fifty constants or more): each one's constants are deferred and its result's properties
 *   become getters;
 * - `maps`: object literals of schemas read off a built set (`{ m: s.A, … }`, every value a
 *   property of the same variable), assigned anywhere in the module: they become getters.
 * @param {string} code
 * @param {Omit<Deferral, 'module'>} what
 */
export function markModule(code, { builders = 0, maps = 0 }) {
  if (code.includes(MEMO) || code.includes(MARK)) throw new Error(`the module already uses the names ${MARK}/${MEMO}`);
  const program = parseAst(code);
  const m = { s: new RolldownMagicString(code), code, memos: { count: 0 } };
  const built = builders === 0 ? [] : program.body.map((fn) => markBuilder(m, fn)).filter((n) => n !== undefined);
  const mapped = maps === 0 ? 0 : markMaps(m, program);
  if (built.length !== builders || mapped !== maps) {
    throw new Error(
      `expected ${builders} schema builders and ${maps} schema maps, found ${built.length} and ${mapped}`,
    );
  }
  const marked = built.reduce((sum, n) => sum + n, 0);
  return { code: m.s.toString(), map: m.s.generateMap({ hires: true }), marked };
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
    if (declarator.init.type === 'ObjectExpression') getterize(m, declarator.init, statement);
  }
  if (!getterize(m, last.argument, last)) throw new Error(`${fn.id.name}: its result is not a plain object`);
  return consts.length;
}

/** Turns the schema maps assigned anywhere in the module into getters; how many. */
function markMaps(m, program) {
  let count = 0;
  for (const node of nodes(program)) {
    if (node.type !== 'ExpressionStatement' || node.expression.type !== 'AssignmentExpression') continue;
    for (const object of nodes(node.expression.right)) {
      if (object.type === 'ObjectExpression' && isSchemaMap(object) && getterize(m, object, node)) count++;
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
  return { code: rewritten, map: s.generateMap({ hires: true }) };
}

// ---- the plugin -------------------------------------------------------------------------------

/** What of the SDK is deferred: in its server module, the two eras' schema builders and five maps. */
const DEFERRED = [
  {
    module: /[\\/]@modelcontextprotocol[\\/]server[\\/]dist[\\/]src-[\w-]+\.mjs$/,
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
export function lazySchemas(deferred = DEFERRED, minimum = 250) {
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
        return rewriteChunk(code);
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
