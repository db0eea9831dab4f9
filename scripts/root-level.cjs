'use strict';
/**
 * A board's `.bootcde` run at Espruino's root scope, its own names `$`-prefixed.
 *
 * terser writes a bundle as one function expression called at once, `(function(){…})()`, so that its names are not
 * globals. On Espruino that costs twice: the interpreter lexes the whole function's text once to make it and again to
 * run it (a fifth of a boot), and every function declared in it keeps a link to its scope (about 1 JsVar each, and
 * with the boot's closures about 400 JsVars on the console board, measured on espruino-12k). Run at the root, the
 * same statements are lexed once and their functions need no scope link. Their names would then be globals: a
 * REPL line such as `a=1`, or a test script's own variables, would overwrite the firmware's `a`. So every name the
 * function declared at its top level is renamed to one that starts with `$` (`$`, `$a`, … the most used first), which
 * no other code of the board uses, and the wrapper is taken off. Scopes are eslint-scope's (terser reuses a short
 * name in nested functions, so only the references that resolve to the top level are renamed); the edits go through
 * magic-string, so the bundle's source map still points at the sources.
 */
const acorn = require('acorn');
const eslintScope = require('eslint-scope');
const MagicString = require('magic-string');

/** The prefix of every name the bundle declares at the root (the REPL's and the tests' code never starts one so). */
const ROOT_PREFIX = '$';

/** What may follow the `$`: any character of an identifier. */
const CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$';

/** The n-th name of the `$` family: $, then $a … $$ (64 of them), then $aa, $ba, … */
function nthName(n) {
  let name = ROOT_PREFIX;
  for (; n > 0; n = Math.floor((n - 1) / CHARS.length)) name += CHARS.charAt((n - 1) % CHARS.length);
  return name;
}

/** The wrapper's function and its body, or throws: the input must be `(function(){…})()` with nothing else. */
function wrapperOf(program) {
  const only = program.body.length === 1 ? program.body[0] : null;
  const call = only && only.type === 'ExpressionStatement' ? only.expression : null;
  const fn = call && call.type === 'CallExpression' && call.arguments.length === 0 ? call.callee : null;
  if (!fn || fn.type !== 'FunctionExpression' || fn.params.length !== 0 || fn.id) {
    throw new Error('root-level: the bundle is not one function expression called at once with no arguments');
  }
  return fn;
}

/**
 * Throws where running the statements of `fn` (a function called at once with no arguments) elsewhere would mean
 * something else: its `this`, its `arguments`, and unless `returnMoves` (the statements become another function's,
 * which returns what `fn` returned) its `return`.
 */
function checkMovable(fn, scopeOfWrapper, returnMoves) {
  const args = scopeOfWrapper.set.get('arguments');
  if (args && args.references.length) throw new Error('root-level: the statements read their function\'s `arguments`');
  // `this` at the wrapper's level, arrows included (an arrow keeps its surrounding `this`); `return` outside any function.
  (function visit(node, thisIsWrapper, returnIsWrapper) {
    if (!node || typeof node.type !== 'string') return;
    if ((thisIsWrapper && node.type === 'ThisExpression') || (returnIsWrapper && node.type === 'ReturnStatement')) {
      throw new Error('root-level: the statements use their function\'s ' + (node.type === 'ThisExpression' ? '`this`' : '`return`') + ' at ' + node.start);
    }
    const fnNode = node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration';
    const thisIn = thisIsWrapper && !fnNode;
    const returnIn = returnIsWrapper && !fnNode && node.type !== 'ArrowFunctionExpression';
    for (const key of Object.keys(node)) {
      const v = node[key];
      if (Array.isArray(v)) v.forEach((c) => visit(c, thisIn, returnIn));
      else if (v && typeof v.type === 'string') visit(v, thisIn, returnIn);
    }
  })(fn.body, true, !returnMoves);
}

/**
 * The references to a class's own inner binding of its name (a class declaration binds its name once outside and
 * once in its own scope, on the same identifier): renamed with the outer one, or they would name nothing.
 */
function innerReferences(manager, v) {
  const out = [];
  for (const scope of manager.scopes) {
    if (scope.type !== 'class') continue;
    for (const inner of scope.variables) {
      if (inner.identifiers.some((id) => v.identifiers.indexOf(id) >= 0)) for (const r of inner.references) out.push(r.identifier);
    }
  }
  return out;
}

/**
 * `code` (a board's minified bundle, `(function(){…})()`) as root-level statements whose own names start with `$`,
 * with a source map of the edit (rollup chains it to the bundle's); no new name is one of `keep` (names other code
 * of the board gives a meaning, such as the parts' registry). Throws when the code has another shape.
 */
function rootLevel(code, fileName, keep) {
  const program = acorn.parse(code, { ecmaVersion: 2020, sourceType: 'script', ranges: true });
  const fn = wrapperOf(program);
  const manager = eslintScope.analyze(program, { ecmaVersion: 2020, sourceType: 'script' });
  const wrapperScope = manager.acquire(fn);
  checkMovable(fn, wrapperScope, false);
  // A new name is one no identifier of the bundle has (terser's own names may start with `$` too, and a global the
  // bundle reads must keep meaning the global).
  const reserved = new Set(keep || []);
  for (const scope of manager.scopes) {
    for (const v of scope.variables) reserved.add(v.name);
    for (const r of scope.through) reserved.add(r.identifier.name);
  }
  const own = wrapperScope.variables.filter((v) => v.name !== 'arguments');
  // The most used names get the shortest: every reference is a byte of flash more than before.
  const uses = (v) => v.identifiers.length + v.references.filter((r) => v.identifiers.indexOf(r.identifier) < 0).length;
  own.sort((a, b) => uses(b) - uses(a) || a.name.localeCompare(b.name));
  // A shorthand property ({a}) keeps its key: it is written out as `a:$x`.
  const shorthand = new Set();
  (function visit(node) {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'Property' && node.shorthand) shorthand.add(node.value.start);
    for (const key of Object.keys(node)) {
      const v = node[key];
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v.type === 'string') visit(v);
    }
  })(fn.body);
  const s = new MagicString(code);
  let n = 0;
  const done = new Set();
  for (const v of own) {
    let name = nthName(n++);
    while (reserved.has(name)) name = nthName(n++);
    const ids = v.identifiers.concat(v.references.map((r) => r.identifier), innerReferences(manager, v));
    for (const id of ids) {
      if (done.has(id)) continue;
      done.add(id);
      s.overwrite(id.start, id.end, shorthand.has(id.start) ? id.name + ':' + name : name);
    }
  }
  s.remove(0, fn.body.start + 1);
  s.remove(fn.body.end - 1, code.length);
  return { code: s.toString(), map: s.generateMap({ hires: true, source: fileName || 'bundle.js', includeContent: false }) };
}

/** A rollup output plugin (after terser) that makes a board's bundle root-level (see above). */
function rootLevelPlugin(keep) {
  return {
    name: 'goclock-root-level',
    renderChunk(code, chunk) {
      return rootLevel(code, chunk.fileName, keep);
    },
  };
}

module.exports = { rootLevel, rootLevelPlugin, checkMovable, ROOT_PREFIX, nthName };
