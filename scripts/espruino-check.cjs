/**
 * Is this JavaScript the subset that Espruino 2v29 runs (docs/firmware.md)? The logic of scripts/check-bundle.mjs, in
 * CommonJS so that the ESM script and the Jest tests (ts-jest, CommonJS) share it.
 *
 *   checkSource(code)  -> problems in any script (test snippets, a bundle)
 *   checkBundle(code)  -> checkSource + the bundle's shape (nothing declared at the top level but `$` names: an IIFE,
 *                        or a board's root-level `.bootcde`, scripts/root-level.cjs)
 *
 * A problem is { line, column (1-based), rule, message }. The rules, and what is deliberately allowed:
 *   syntax               the code must parse (ES2024 script)
 *   spread, rest-parameter, destructuring, default-parameter, optional-chaining, exponentiation,
 *   logical-assignment, async, generator, label, tagged-template, computed-key, private-member, static-block,
 *   meta-property, dynamic-import, bigint, numeric-separator, optional-catch-binding, regexp
 *                        syntax Espruino lacks
 *   class-extends        `class A extends <expression>`: Espruino's parser takes only a name after `extends`
 *   subclass-error       `extends Error` (and the other built-in errors): the project does not
 *   for-of               for-of over something that is certainly not an array: a string, a template, an
 *                        iterator from .keys()/.values()/.entries()/.matchAll(). for-of over arrays works and anything
 *                        else is allowed, since which values are arrays is not knowable here.
 *   loop-closure         a closure that captures the variable of `for (let/const …)`: Espruino shares one binding
 *   arrow-arguments      `arguments` inside an arrow function: Espruino gives the arrow its own arguments
 *   missing-global       Map, Set, WeakMap, WeakSet, WeakRef, FinalizationRegistry, Symbol, Reflect, Proxy,
 *                        globalThis, BigInt, Intl — unless shadowed, under `typeof`, or guarded by
 *                        `typeof X !== "undefined" && …` (the pattern Babel's helpers use)
 *   missing-member       Array.from, Object.freeze, Number.isNaN, Math.trunc (same guards)
 *   promise-finally      any `.finally(…)` call
 *   require              require() of anything but an Espruino built-in module (the espruino CLI would try to
 *                        download it from espruino.com at upload time)
 *   hoisting             Espruino does not hoist: in every statement list (program, function body, block), code
 *                        that runs must not reach a function, class or `var f = function…` that is declared
 *                        further down the same list — directly, inside an IIFE or a callback run at once
 *                        (forEach/map/…, new Promise), or through functions it calls (transitively).
 *   var-hoisting         a name used before its `var` statement has run in the same function, or after a `var` in a
 *                        block that may not have run (`if (x) { var a = 1 } return a`): Espruino does not hoist var,
 *                        so the use reaches the outer variable of that name (measured on 2v29; terser's inlining
 *                        writes `return (t = …, r = …); var t, r` unless inline is at most 2)
 *   length-assignment    `x.length = n` (also `+=`, `--`, `x["length"]`): an array's length is read-only on Espruino
 *                        (TypeError: Assignment to a constant, measured on 2v29); any object's is flagged, since
 *                        which values are arrays is not knowable here
 *   case-literal         a `case X:` body whose first token is a string, template or regex literal (`case 1: "a"===k&&f()`):
 *                        Espruino lexes the token after the colon as if not executing, so the literal has no value
 *                        (measured on 2v29; `default:` and a case reached by falling through are not affected, but
 *                        are flagged alike since which case matches is not knowable here)
 *   non-ascii            characters above 0x7F: strings are bytes on ESP32 (write escapes)
 *   top-level-declaration (checkBundle) a declaration at the top level, its name not `$`-prefixed, would be an
 *                        Espruino global anyone's code can overwrite
 * Allowed on purpose: arrows, classes (extends a name, getters/setters, fields), template literals, let/const,
 * `??`, shorthand properties and methods, getters/setters in object literals (Espruino's parser handles `get`/`set`
 * in object literals since 2v0x; no failure is known), for-of over arrays.
 */
'use strict';

const acorn = require('acorn');
const walk = require('acorn-walk');
const { ROOT_PREFIX } = require('./root-level.cjs');

/** Espruino's built-in modules on ESP32 (info.builtin_modules of boards/espruino/ESP32.board.json). */
const BUILTIN_MODULES = [
  'timer',
  'Flash',
  'Storage',
  'heatshrink',
  'fs',
  'net',
  'dgram',
  'tls',
  'http',
  'NetworkJS',
  'Wifi',
  'TelnetServer',
  'crypto',
  'neopixel',
];

const MISSING_GLOBALS = new Set([
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'WeakRef',
  'FinalizationRegistry',
  'Symbol',
  'Reflect',
  'Proxy',
  'globalThis',
  'BigInt',
  'Intl',
]);

const MISSING_MEMBERS = new Set(['Array.from', 'Object.freeze', 'Number.isNaN', 'Math.trunc']);

const ERROR_CLASSES = new Set([
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'ReferenceError',
  'EvalError',
  'URIError',
  'InternalError',
  'AggregateError',
]);

/** Methods that call a function argument before they return: a callback passed to them runs "now". */
const SYNC_CALLBACK_METHODS = new Set([
  'forEach',
  'map',
  'filter',
  'reduce',
  'reduceRight',
  'some',
  'every',
  'find',
  'findIndex',
  'sort',
  'replace',
  'call',
  'apply',
]);

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

// ---------------------------------------------------------------------------------------------------- scopes

/** Identifier nodes bound by a declaration pattern. */
function patternNames(pattern, out = []) {
  if (!pattern) return out;
  switch (pattern.type) {
    case 'Identifier':
      out.push(pattern);
      break;
    case 'ObjectPattern':
      for (const p of pattern.properties) patternNames(p.type === 'RestElement' ? p.argument : p.value, out);
      break;
    case 'ArrayPattern':
      for (const e of pattern.elements) patternNames(e, out);
      break;
    case 'RestElement':
      patternNames(pattern.argument, out);
      break;
    case 'AssignmentPattern':
      patternNames(pattern.left, out);
      break;
  }
  return out;
}

class Scope {
  constructor(node, parent, isFunction) {
    this.node = node;
    this.parent = parent;
    this.isFunction = isFunction;
    this.decls = new Map();
  }
  lookup(name) {
    for (let s = this; s; s = s.parent) {
      const d = s.decls.get(name);
      if (d) return d;
    }
    return null;
  }
}

function isFunctionLike(node) {
  return !!node && (FUNCTION_TYPES.has(node.type) || node.type === 'ClassExpression');
}

/**
 * One pass over the tree: scopes, declarations, and every identifier read with
 *  - decl: its declaration, or null for a global;
 *  - owner: the function whose own run executes it (IIFEs and callbacks run at once do not count as functions);
 *  - fn: the innermost function around it, immediate or not;
 *  - exec: [list, index] of every statement list it runs as part of, up to its owner.
 */
function analyze(ast) {
  const refs = [];
  const refOf = new Map();
  const parentOf = new Map();
  const lists = []; // { list, scope, refsAt: ref[][] }
  const listOf = new Map(); // statement -> { frame, index }
  const ownedRefs = new Map(); // owner node -> refs
  const loopDecls = [];

  let frames = []; // statement-list frames of the current owner
  let owner = ast;
  let fnStack = [];

  function declare(scope, id, kind, stmt, declarator, fn) {
    const existing = scope.decls.get(id.name);
    if (existing) return existing; // the first declaration wins; a later one is not checked (no false alarms)
    const d = { name: id.name, kind, scope, id, stmt, declarator, fn: fn || null, loop: null, owner: null };
    scope.decls.set(id.name, d);
    return d;
  }

  function hoistVars(node, fscope) {
    if (!node) return;
    if (Array.isArray(node)) {
      for (const n of node) hoistVars(n, fscope);
      return;
    }
    switch (node.type) {
      case 'VariableDeclaration':
        if (node.kind === 'var') {
          for (const d of node.declarations) {
            const fn = isFunctionLike(d.init) ? d.init : null;
            for (const id of patternNames(d.id)) declare(fscope, id, 'var', node, d, fn);
          }
        }
        return;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
      case 'ClassDeclaration':
      case 'ClassExpression':
        return;
      case 'IfStatement':
        hoistVars(node.consequent, fscope);
        hoistVars(node.alternate, fscope);
        return;
      case 'ForStatement':
        hoistVars(node.init, fscope);
        hoistVars(node.body, fscope);
        return;
      case 'ForInStatement':
      case 'ForOfStatement':
        hoistVars(node.left, fscope);
        hoistVars(node.body, fscope);
        return;
      case 'TryStatement':
        hoistVars(node.block, fscope);
        if (node.handler) hoistVars(node.handler.body, fscope);
        hoistVars(node.finalizer, fscope);
        return;
      case 'SwitchStatement':
        for (const c of node.cases) hoistVars(c.consequent, fscope);
        return;
      case 'BlockStatement':
        hoistVars(node.body, fscope);
        return;
      case 'WhileStatement':
      case 'DoWhileStatement':
      case 'LabeledStatement':
      case 'WithStatement':
        hoistVars(node.body, fscope);
        return;
    }
  }

  function declareLexical(statements, scope) {
    for (const s of statements) {
      if (s.type === 'FunctionDeclaration' && s.id) declare(scope, s.id, 'function', s, null, s);
      else if (s.type === 'ClassDeclaration' && s.id) declare(scope, s.id, 'class', s, null, s);
      else if (s.type === 'VariableDeclaration' && s.kind !== 'var') {
        for (const d of s.declarations) {
          const fn = isFunctionLike(d.init) ? d.init : null;
          for (const id of patternNames(d.id)) declare(scope, id, s.kind, s, d, fn);
        }
      }
    }
  }

  function isImmediate(fnNode, parent, key, grand) {
    if (!parent) return false;
    if ((parent.type === 'CallExpression' || parent.type === 'NewExpression') && key === 'callee') return true;
    if (
      parent.type === 'MemberExpression' &&
      key === 'object' &&
      !parent.computed &&
      (parent.property.name === 'call' || parent.property.name === 'apply') &&
      grand &&
      grand.type === 'CallExpression' &&
      grand.callee === parent
    )
      return true;
    if (parent.type === 'CallExpression' && key === 'arguments') {
      const c = parent.callee;
      if (c.type === 'MemberExpression' && !c.computed && SYNC_CALLBACK_METHODS.has(c.property.name)) return true;
    }
    if (
      parent.type === 'NewExpression' &&
      key === 'arguments' &&
      parent.callee.type === 'Identifier' &&
      parent.callee.name === 'Promise'
    )
      return true;
    return false;
  }

  function enterList(list, scope) {
    const frame = { list, scope, refsAt: list.map(() => []), current: -1 };
    lists.push(frame);
    list.forEach((s, i) => listOf.set(s, { frame, index: i }));
    return frame;
  }

  function visitList(list, scope, parent, key) {
    const frame = enterList(list, scope);
    frames.push(frame);
    for (let i = 0; i < list.length; i++) {
      frame.current = i;
      visit(list[i], parent, key, scope);
    }
    frames.pop();
    return frame;
  }

  /** Run `body` as a new owner (a function that does not run now), restoring the frame stack after. */
  function asOwner(node, body) {
    const saved = { frames, owner };
    frames = [];
    owner = node;
    body();
    frames = saved.frames;
    owner = saved.owner;
  }

  function addRef(node, parent, key, scope, write) {
    const ref = {
      node,
      parent,
      key,
      scope,
      write,
      decl: null,
      owner,
      fn: fnStack.length ? fnStack[fnStack.length - 1] : null,
      exec: frames.map((f) => [f, f.current]),
    };
    refs.push(ref);
    refOf.set(node, ref);
    if (!write) {
      for (const [f, i] of ref.exec) f.refsAt[i].push(ref);
      if (!ownedRefs.has(owner)) ownedRefs.set(owner, []);
      ownedRefs.get(owner).push(ref);
    }
  }

  function visitPattern(p, parent, key, scope, mode) {
    if (!p) return;
    parentOf.set(p, { parent, key });
    switch (p.type) {
      case 'Identifier':
        if (mode === 'assign') addRef(p, parent, key, scope, true);
        return;
      case 'ObjectPattern':
        for (const prop of p.properties) {
          parentOf.set(prop, { parent: p, key: 'properties' });
          if (prop.type === 'RestElement') visitPattern(prop, p, 'properties', scope, mode);
          else {
            if (prop.computed) visit(prop.key, prop, 'key', scope);
            visitPattern(prop.value, prop, 'value', scope, mode);
          }
        }
        return;
      case 'ArrayPattern':
        for (const e of p.elements) visitPattern(e, p, 'elements', scope, mode);
        return;
      case 'RestElement':
        visitPattern(p.argument, p, 'argument', scope, mode);
        return;
      case 'AssignmentPattern':
        visitPattern(p.left, p, 'left', scope, mode);
        visit(p.right, p, 'right', scope);
        return;
      default:
        visit(p, parent, key, scope); // a member expression as an assignment target
    }
  }

  function visitFunction(node, parent, key, scope) {
    const grand = parent && parentOf.has(parent) ? parentOf.get(parent).parent : null;
    const immediate = isImmediate(node, parent, key, grand);
    let outer = scope;
    if (node.type === 'FunctionExpression' && node.id) {
      outer = new Scope(node, scope, false);
      declare(outer, node.id, 'function-name', node, null, node);
    }
    const fscope = new Scope(node, outer, true);
    for (const param of node.params) for (const id of patternNames(param)) declare(fscope, id, 'param', node, null, null);
    const run = () => {
      fnStack.push(node);
      for (const param of node.params) visitPattern(param, node, 'params', fscope, 'bind');
      if (node.body.type === 'BlockStatement') {
        parentOf.set(node.body, { parent: node, key: 'body' });
        hoistVars(node.body.body, fscope);
        declareLexical(node.body.body, fscope);
        visitList(node.body.body, fscope, node.body, 'body');
      } else {
        visit(node.body, node, 'body', fscope);
      }
      fnStack.pop();
    };
    if (immediate) run();
    else asOwner(node, run);
  }

  function visitClass(node, parent, key, scope) {
    if (node.superClass) visit(node.superClass, node, 'superClass', scope);
    const cscope = new Scope(node, scope, false);
    if (node.id) declare(cscope, node.id, 'class-name', node, null, node);
    parentOf.set(node.body, { parent: node, key: 'body' });
    for (const el of node.body.body) {
      parentOf.set(el, { parent: node.body, key: 'body' });
      if (el.computed) visit(el.key, el, 'key', cscope);
      if (el.type === 'StaticBlock') {
        const sscope = new Scope(el, cscope, true);
        hoistVars(el.body, sscope);
        declareLexical(el.body, sscope);
        visitList(el.body, sscope, el, 'body');
      } else if (el.type === 'PropertyDefinition') {
        if (!el.value) continue;
        if (el.static) visit(el.value, el, 'value', cscope);
        else asOwner(el, () => visit(el.value, el, 'value', cscope)); // runs when an instance is made
      } else if (el.value) {
        visit(el.value, el, 'value', cscope); // a method: a function expression, not immediate
      }
    }
  }

  function visit(node, parent, key, scope) {
    if (!node) return;
    parentOf.set(node, { parent, key });
    switch (node.type) {
      case 'Identifier':
        addRef(node, parent, key, scope, false);
        return;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        visitFunction(node, parent, key, scope);
        return;
      case 'ClassDeclaration':
      case 'ClassExpression':
        visitClass(node, parent, key, scope);
        return;
      case 'BlockStatement': {
        const b = new Scope(node, scope, false);
        declareLexical(node.body, b);
        visitList(node.body, b, node, 'body');
        return;
      }
      case 'StaticBlock':
        return; // handled by visitClass
      case 'SwitchStatement': {
        visit(node.discriminant, node, 'discriminant', scope);
        const s = new Scope(node, scope, false);
        const all = [];
        for (const c of node.cases) all.push(...c.consequent);
        declareLexical(all, s);
        const frame = all.length ? enterList(all, s) : null;
        if (frame) frames.push(frame);
        let i = 0;
        for (const c of node.cases) {
          parentOf.set(c, { parent: node, key: 'cases' });
          if (frame) frame.current = Math.min(i, all.length - 1); // a case test runs before its statements
          if (c.test) visit(c.test, c, 'test', s);
          for (const stmt of c.consequent) {
            frame.current = i++;
            visit(stmt, c, 'consequent', s);
          }
        }
        if (frame) frames.pop();
        return;
      }
      case 'ForStatement':
      case 'ForInStatement':
      case 'ForOfStatement': {
        const head = node.type === 'ForStatement' ? node.init : node.left;
        let inner = scope;
        if (head && head.type === 'VariableDeclaration' && head.kind !== 'var') {
          inner = new Scope(node, scope, false);
          for (const d of head.declarations) {
            for (const id of patternNames(d.id)) {
              const decl = declare(inner, id, head.kind, head, d, isFunctionLike(d.init) ? d.init : null);
              decl.loop = node;
              decl.owner = owner;
              loopDecls.push(decl);
            }
          }
        }
        if (node.type === 'ForStatement') {
          visit(node.init, node, 'init', inner);
          visit(node.test, node, 'test', inner);
          visit(node.update, node, 'update', inner);
        } else {
          if (head && head.type === 'VariableDeclaration') visit(head, node, 'left', inner);
          else visitPattern(head, node, 'left', inner, 'assign');
          visit(node.right, node, 'right', inner);
        }
        visit(node.body, node, 'body', inner);
        return;
      }
      case 'CatchClause': {
        const c = new Scope(node, scope, false);
        for (const id of patternNames(node.param)) declare(c, id, 'catch', node, null, null);
        visitPattern(node.param, node, 'param', c, 'bind');
        visit(node.body, node, 'body', c);
        return;
      }
      case 'VariableDeclaration':
        for (const d of node.declarations) {
          parentOf.set(d, { parent: node, key: 'declarations' });
          visitPattern(d.id, d, 'id', scope, 'bind');
          visit(d.init, d, 'init', scope);
        }
        return;
      case 'AssignmentExpression':
        if (node.operator === '=') visitPattern(node.left, node, 'left', scope, 'assign');
        else visit(node.left, node, 'left', scope);
        visit(node.right, node, 'right', scope);
        return;
      case 'MemberExpression':
        visit(node.object, node, 'object', scope);
        if (node.computed) visit(node.property, node, 'property', scope);
        return;
      case 'Property':
        if (node.computed) visit(node.key, node, 'key', scope);
        visit(node.value, node, 'value', scope);
        return;
      case 'LabeledStatement':
        visit(node.body, node, 'body', scope);
        return;
      case 'BreakStatement':
      case 'ContinueStatement':
      case 'MetaProperty':
      case 'PrivateIdentifier':
      case 'Literal':
      case 'ThisExpression':
      case 'Super':
      case 'TemplateElement':
      case 'EmptyStatement':
      case 'DebuggerStatement':
        return;
      default:
        for (const k of Object.keys(node)) {
          if (k === 'loc' || k === 'type') continue;
          const v = node[k];
          if (Array.isArray(v)) {
            for (const c of v) if (c && typeof c.type === 'string') visit(c, node, k, scope);
          } else if (v && typeof v.type === 'string') visit(v, node, k, scope);
        }
    }
  }

  const program = new Scope(ast, null, true);
  hoistVars(ast.body, program);
  declareLexical(ast.body, program);
  visitList(ast.body, program, ast, 'body');
  for (const r of refs) r.decl = r.scope.lookup(r.node.name);
  return { refs, refOf, parentOf, lists, listOf, ownedRefs, loopDecls };
}

// ---------------------------------------------------------------------------------------------------- checks

const LIST_CONTAINERS = new Set(['Program', 'BlockStatement', 'SwitchCase', 'StaticBlock']);

/**
 * Where a `var` takes effect on Espruino: the statement list its statement runs in (a `for (var …)` header runs
 * with its loop), or the statement itself when it is the lone body of an `if` or a loop.
 */
function varContainer(ancestors) {
  let i = ancestors.length - 1; // the VariableDeclaration
  const parent = ancestors[i - 1];
  const statement = ancestors[i];
  if (
    parent &&
    ((parent.type === 'ForStatement' && parent.init === statement) ||
      ((parent.type === 'ForInStatement' || parent.type === 'ForOfStatement') && parent.left === statement))
  )
    i--;
  const container = ancestors[i - 1];
  return container && LIST_CONTAINERS.has(container.type) ? container : ancestors[i];
}

/**
 * var-hoisting: Espruino does not hoist `var` either. A name is local only once its `var` statement has run, so a
 * use before it (terser writes `return (t = …, r = …); var t, r` when it inlines a function with locals), or after
 * a `var` in a block that did not run, reads or writes the outer variable of that name. Checked for uses in the
 * same function as the `var` (a closure runs later, when the `var` has usually run).
 */
function varHoistingRule(ast, a, add) {
  const byScope = new Map(); // function or program node -> name -> [{ id, container }]
  const uses = [];
  walk.fullAncestor(ast, (node, _state, ancestors) => {
    if (node.type === 'VariableDeclaration' && node.kind === 'var') {
      const container = varContainer(ancestors);
      let owner = ast;
      for (let i = ancestors.length - 2; i >= 0; i--) {
        if (FUNCTION_TYPES.has(ancestors[i].type)) {
          owner = ancestors[i];
          break;
        }
      }
      if (!byScope.has(owner)) byScope.set(owner, new Map());
      const names = byScope.get(owner);
      for (const d of node.declarations) {
        for (const id of patternNames(d.id)) {
          if (!names.has(id.name)) names.set(id.name, []);
          names.get(id.name).push({ id, container });
        }
      }
    } else if (node.type === 'Identifier') {
      const ref = a.refOf.get(node);
      if (ref && ref.decl && ref.decl.kind === 'var' && ref.fn === (ref.decl.scope.node === ast ? null : ref.decl.scope.node))
        uses.push({ ref, ancestors: ancestors.slice() });
    }
  });
  for (const { ref, ancestors } of uses) {
    const names = byScope.get(ref.decl.scope.node);
    const list = (names && names.get(ref.node.name)) || [];
    if (list.some((d) => d.id === ref.node)) continue; // the declaration itself
    const ok = list.some((d) => d.id.start < ref.node.start && ancestors.includes(d.container));
    if (!ok)
      add(
        ref.node,
        'var-hoisting',
        `\`${ref.node.name}\` is used before its \`var\` has run (Espruino does not hoist var: this ` +
          'reaches the outer variable of that name)',
      );
  }
}


function snippetAt(code, pos) {
  const from = Math.max(0, pos - 20);
  const text = code.slice(from, pos + 30).replace(/\s+/g, ' ');
  return (from > 0 ? '…' : '') + text + (pos + 30 < code.length ? '…' : '');
}

/** Does `expr` (a test) contain `typeof <name>` compared so that, when the test is `wanted`, <name> exists? */
function guardsName(expr, name, wanted) {
  let found = false;
  walk.full(expr, (n) => {
    if (found || n.type !== 'BinaryExpression') return;
    const ops = { '===': true, '==': true, '!==': false, '!=': false };
    if (!(n.operator in ops)) return;
    let t = null;
    let lit = null;
    if (n.left.type === 'UnaryExpression' && n.left.operator === 'typeof') [t, lit] = [n.left.argument, n.right];
    else if (n.right.type === 'UnaryExpression' && n.right.operator === 'typeof') [t, lit] = [n.right.argument, n.left];
    if (!t || !lit || lit.type !== 'Literal' || typeof lit.value !== 'string') return;
    if (exprName(t) !== name) return;
    const equal = ops[n.operator];
    // `typeof X != "undefined"` or `typeof X == "function"` is true only if X exists.
    const existsWhenTrue = equal ? lit.value !== 'undefined' : lit.value === 'undefined';
    if (existsWhenTrue === wanted) found = true;
  });
  return found;
}

function exprName(n) {
  if (n.type === 'Identifier') return n.name;
  if (n.type === 'MemberExpression' && !n.computed && n.object.type === 'Identifier')
    return n.object.name + '.' + n.property.name;
  return null;
}

/** Is the node (a read of `name`) only evaluated when `name` exists, per a typeof test around it? */
function isGuarded(node, name, parentOf) {
  let child = node;
  let info = parentOf.get(child);
  while (info && info.parent) {
    const p = info.parent;
    if (p.type === 'UnaryExpression' && p.operator === 'typeof' && child === node) return true;
    if (p.type === 'LogicalExpression' && info.key === 'right') {
      if (p.operator === '&&' && guardsName(p.left, name, true)) return true;
      if (p.operator === '||' && guardsName(p.left, name, false)) return true;
    }
    if ((p.type === 'ConditionalExpression' || p.type === 'IfStatement') && info.key !== 'test') {
      const whenTrue = info.key === 'consequent';
      if (guardsName(p.test, name, whenTrue)) return true;
    }
    if (FUNCTION_TYPES.has(p.type)) return false;
    child = p;
    info = parentOf.get(p);
  }
  return false;
}

function lineOf(node) {
  return node.loc.start.line;
}

// ---------------------------------------------------------------------------------------------------- regexp

/**
 * What Espruino 2v29's regular expression engine gets wrong, by construct (each measured against V8 on espruino-12k).
 * Outside a character class unless said; `[?]`, `\?`, `[(]`, `\|` and the like are literal characters and fine.
 */
const REGEXP_MESSAGES = {
  question:
    'the `?` quantifier (and lazy `*?`, `+?`) is taken as a literal "?" on Espruino 2v29 (`/-?\\d+/` does not match ' +
    '"12"): match the optional part in code, or use two regular expressions',
  braces:
    'the `{n}`, `{n,}` and `{n,m}` quantifiers are taken as literal text on Espruino 2v29 (`/a{2}/` matches only ' +
    '"a{2}"): repeat the atom (`\\d\\d`) or use `+` and check the length in code',
  'non-capturing': 'non-capturing groups `(?:…)` never match on Espruino 2v29: use a plain group `(…)` or none',
  lookahead: 'lookahead `(?=…)` and `(?!…)` never matches on Espruino 2v29: test what follows the match in code',
  lookbehind: 'lookbehind `(?<=…)` and `(?<!…)` never matches on Espruino 2v29: test what precedes the match in code',
  named: 'named groups `(?<name>…)` never match on Espruino 2v29: use a plain group `(…)`',
  'quantified-group':
    'a quantifier after a group (`(ab)+`, `(a)*`) never matches on Espruino 2v29: quantify only single characters, ' +
    'classes and escapes (`[ab]+`), or loop in code',
  'nested-group':
    'a group inside a group captures wrongly on Espruino 2v29 (`/((a)b)/` on "ab" gives ["ab", "", "ab"]): do not ' +
    'nest groups',
  'group-alternation':
    '`|` inside a group splits the whole pattern there on Espruino 2v29 (`/x(a|b)/` finds "b", not "xb", in "xb"): ' +
    'use `|` only at the top level, or one regular expression per alternative',
  'alternation-capture':
    'with a top-level `|`, a group of an alternative that did not match captures "" on Espruino 2v29 (V8: undefined): ' +
    'use one regular expression per alternative',
  'anchored-alternation':
    '`^` at the start of a pattern with `|` anchors every alternative on Espruino 2v29 (`/^a|b/` does not match "xb"): ' +
    'write `^` in every alternative or use one regular expression per alternative',
  'word-boundary':
    '`\\b` and `\\B` never match on Espruino 2v29 (`/\\bfoo/` does not match "a foo"): test the neighbouring ' +
    'characters in code (`[\\b]`, a backspace in a class, is fine)',
  'unicode-escape':
    '`\\uXXXX` never matches on Espruino 2v29, in a character class too (`/\\u0041/` does not match "A"): write ' +
    '`\\xXX` (strings are bytes on Espruino)',
  'control-escape': '`\\cX` never matches on Espruino 2v29, in a character class too: write `\\xXX`',
  backreference:
    'backreferences `\\1`…`\\9` (and `[\\1]`) throw "Backreferences not supported" on Espruino 2v29: compare the ' +
    'captured groups in code',
  octal: 'octal escapes `\\0n` never match on Espruino 2v29: write `\\xXX`',
  dot:
    '`.` also matches "\\n" and "\\r" on Espruino 2v29 (V8: it does not): write `[^\\n\\r]`, or `[\\s\\S]` for any ' +
    'character',
  multiline:
    'the m flag is ignored on Espruino 2v29 (`/^b/m` does not match "a\\nb"): split the text into lines, or drop m',
};

/**
 * The constructs of REGEXP_MESSAGES in a pattern (a valid ES pattern without the u or v flag, as acorn checked it):
 * a Set of their keys.
 */
function regexpIssues(pattern, flags) {
  const found = new Set();
  const n = pattern.length;
  let depth = 0; // open groups
  let groups = 0; // capturing groups
  let prev = null; // what a quantifier here would apply to: 'atom', 'group' or null
  const alternatives = [0]; // where each top-level alternative starts
  /** An escape at pattern[i] === '\\' (inClass: inside [...]); returns its length. */
  const escape = (i, inClass) => {
    const d = pattern[i + 1];
    if (d === 'u' && /^[0-9a-fA-F]{4}/.test(pattern.slice(i + 2))) {
      found.add('unicode-escape');
      return 6;
    }
    if (d === 'c' && /[A-Za-z]/.test(pattern[i + 2] || '')) {
      found.add('control-escape');
      return 3;
    }
    if ((d === 'b' || d === 'B') && !inClass) found.add('word-boundary');
    else if (d >= '1' && d <= '9') found.add('backreference');
    else if (d === '0' && /[0-9]/.test(pattern[i + 2] || '')) found.add('octal');
    return 2;
  };
  const quantified = () => {
    if (prev === 'group') found.add('quantified-group');
    prev = 'quantifier';
  };
  let i = 0;
  while (i < n) {
    const c = pattern[i];
    if (c === '\\') {
      i += escape(i, false);
      prev = 'atom';
    } else if (c === '[') {
      i++;
      if (pattern[i] === '^') i++;
      while (i < n && pattern[i] !== ']') i += pattern[i] === '\\' ? escape(i, true) : 1;
      i++;
      prev = 'atom';
    } else if (c === '(') {
      if (depth > 0) found.add('nested-group');
      if (pattern[i + 1] === '?') {
        const kind = pattern.slice(i + 2, i + 4);
        if (kind[0] === ':') found.add('non-capturing');
        else if (kind[0] === '=' || kind[0] === '!') found.add('lookahead');
        else if (kind === '<=' || kind === '<!') found.add('lookbehind');
        else {
          found.add('named');
          groups++;
        }
        i += kind[0] === '<' && (kind[1] === '=' || kind[1] === '!') ? 4 : 3;
      } else {
        groups++;
        i++;
      }
      depth++;
      prev = null;
    } else if (c === ')') {
      depth--;
      i++;
      prev = 'group';
    } else if (c === '|') {
      if (depth > 0) found.add('group-alternation');
      else alternatives.push(i + 1);
      i++;
      prev = null;
    } else if (c === '*' || c === '+') {
      quantified();
      i++;
    } else if (c === '?') {
      found.add('question');
      quantified();
      i++;
    } else if (c === '{' && /^\{\d+(,\d*)?\}/.test(pattern.slice(i))) {
      found.add('braces');
      quantified();
      i = pattern.indexOf('}', i) + 1;
    } else {
      if (c === '.') found.add('dot');
      i++;
      prev = c === '^' || c === '$' ? null : 'atom';
    }
  }
  if (alternatives.length > 1) {
    if (groups > 0) found.add('alternation-capture');
    if (pattern[0] === '^' && alternatives.some((at) => pattern[at] !== '^')) found.add('anchored-alternation');
  }
  if (flags.includes('m')) found.add('multiline');
  return found;
}

/** The regexp problems of a pattern and its flags (from a literal or `new RegExp("…", "…")`) at `node`. */
function regexpRule(node, pattern, flags, add) {
  const bad = flags.replace(/[gim]/g, '');
  if (bad) add(node, 'regexp', `regular expression flags "${bad}" are not supported on Espruino`);
  if (/[uv]/.test(flags)) return; // another grammar; refused already
  for (const issue of regexpIssues(pattern, flags)) add(node, 'regexp', `/${pattern}/${flags}: ${REGEXP_MESSAGES[issue]}`);
}

const LENGTH_MESSAGE =
  "assigning an array's `length` throws on Espruino (TypeError: Assignment to a constant); shorten it with splice";

/** `x.length` or `x["length"]` as an assignment target (an array's length is read-only on Espruino). */
function isLengthMember(target) {
  if (!target || target.type !== 'MemberExpression') return false;
  if (!target.computed) return target.property.type === 'Identifier' && target.property.name === 'length';
  return target.property.type === 'Literal' && target.property.value === 'length';
}

const CASE_LITERAL_MESSAGE =
  'a `case X:` body must not begin with a string, template or regular expression literal: Espruino reads the ' +
  "first token after the colon before it knows the case matched, so the literal has no value (`case 1: \"a\"===x` " +
  'is always false); terser writes such code unless lhs_constants is off';

function syntaxRules(ast, a, add, code) {
  const patternTypes = new Set(['ObjectPattern', 'ArrayPattern']);
  walk.fullAncestor(ast, (node, _state, ancestors) => {
    const parent = ancestors[ancestors.length - 2];
    switch (node.type) {
      case 'SpreadElement':
        add(node, 'spread', 'spread `...` is not supported on Espruino');
        break;
      case 'RestElement':
        if (parent && FUNCTION_TYPES.has(parent.type))
          add(node, 'rest-parameter', 'rest parameter `...` is not supported on Espruino');
        break;
      case 'ObjectPattern':
      case 'ArrayPattern': {
        let outermost = true;
        for (let i = ancestors.length - 2; i >= 0; i--) {
          const t = ancestors[i].type;
          if (patternTypes.has(t)) {
            outermost = false;
            break;
          }
          if (t !== 'Property' && t !== 'RestElement' && t !== 'AssignmentPattern') break;
        }
        if (outermost) add(node, 'destructuring', 'destructuring is not supported on Espruino');
        break;
      }
      case 'AssignmentPattern':
        if (parent && FUNCTION_TYPES.has(parent.type))
          add(node, 'default-parameter', 'default parameter value is not supported on Espruino');
        break;
      case 'ChainExpression':
        add(node, 'optional-chaining', 'optional chaining `?.` is not supported on Espruino');
        break;
      case 'BinaryExpression':
        if (node.operator === '**') add(node, 'exponentiation', '`**` is not supported on Espruino (use Math.pow)');
        if (node.left.type === 'PrivateIdentifier')
          add(node, 'private-member', 'private class members `#x` are not supported on Espruino');
        break;
      case 'UpdateExpression':
        if (isLengthMember(node.argument)) add(node, 'length-assignment', LENGTH_MESSAGE);
        break;
      case 'AssignmentExpression':
        if (isLengthMember(node.left)) add(node, 'length-assignment', LENGTH_MESSAGE);
        if (node.operator === '**=') add(node, 'exponentiation', '`**=` is not supported on Espruino (use Math.pow)');
        if (node.operator === '||=' || node.operator === '&&=' || node.operator === '??=')
          add(node, 'logical-assignment', `logical assignment \`${node.operator}\` is not supported on Espruino`);
        break;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        if (node.async) add(node, 'async', 'async functions are not supported on Espruino');
        if (node.generator) add(node, 'generator', 'generators are not supported on Espruino');
        break;
      case 'ForOfStatement':
        if (node.await) add(node, 'async', '`for await` is not supported on Espruino');
        forOfRule(node, a, add);
        break;
      case 'ClassDeclaration':
      case 'ClassExpression':
        if (node.superClass) {
          if (node.superClass.type !== 'Identifier')
            add(node.superClass, 'class-extends', 'Espruino can only extend a class named by an identifier');
          else if (ERROR_CLASSES.has(node.superClass.name)) {
            const ref = a.refOf.get(node.superClass);
            if (ref && !ref.decl)
              add(node.superClass, 'subclass-error', `do not subclass ${node.superClass.name} on Espruino (docs/firmware.md)`);
          }
        }
        break;
      case 'Property':
        if (node.computed && parent && parent.type === 'ObjectExpression')
          add(node.key, 'computed-key', 'computed property keys `[k]: v` are not supported on Espruino');
        break;
      case 'MethodDefinition':
      case 'PropertyDefinition':
        if (node.computed) add(node.key, 'computed-key', 'computed class member keys are not supported on Espruino');
        if (node.key.type === 'PrivateIdentifier')
          add(node.key, 'private-member', 'private class members `#x` are not supported on Espruino');
        break;
      case 'MemberExpression':
        if (node.property.type === 'PrivateIdentifier')
          add(node.property, 'private-member', 'private class members `#x` are not supported on Espruino');
        break;
      case 'StaticBlock':
        add(node, 'static-block', 'class static blocks are not supported on Espruino');
        break;
      case 'SwitchCase':
        if (node.test && node.consequent.length > 0 && /^["'`/]/.test(code.slice(node.consequent[0].start))) {
          add(node.consequent[0], 'case-literal', CASE_LITERAL_MESSAGE);
        }
        break;
      case 'LabeledStatement':
        add(node, 'label', 'labels are not supported on Espruino');
        break;
      case 'TaggedTemplateExpression':
        add(node, 'tagged-template', 'tagged templates are not supported on Espruino');
        break;
      case 'MetaProperty':
        add(node, 'meta-property', `\`${node.meta.name}.${node.property.name}\` is not supported on Espruino`);
        break;
      case 'ImportExpression':
        add(node, 'dynamic-import', 'import() is not supported on Espruino');
        break;
      case 'CatchClause':
        if (!node.param) add(node, 'optional-catch-binding', '`catch` without a binding is not supported on Espruino');
        break;
      case 'Literal':
        if (node.bigint !== undefined) add(node, 'bigint', 'BigInt literals are not supported on Espruino');
        else if (typeof node.value === 'number' && node.raw.includes('_'))
          add(node, 'numeric-separator', 'numeric separators `1_000` are not supported on Espruino');
        else if (node.regex) regexpRule(node, node.regex.pattern, node.regex.flags, add);
        break;
      case 'NewExpression':
      case 'CallExpression': {
        const args = node.arguments;
        const ref = node.callee.type === 'Identifier' && node.callee.name === 'RegExp' ? a.refOf.get(node.callee) : null;
        const text = (e) => (e && e.type === 'Literal' && typeof e.value === 'string' ? e.value : null);
        if (ref && !ref.decl && text(args[0]) !== null && (args.length < 2 || text(args[1]) !== null)) {
          let valid = true;
          try {
            new RegExp(text(args[0]), text(args[1]) || '');
          } catch {
            valid = false;
          }
          if (valid) regexpRule(node, text(args[0]), text(args[1]) || '', add);
        }
        break;
      }
    }
  });
}

/** `Object`, or a variable that only ever holds it (the build's alias of the global, see bundle-config.cjs). */
function isObjectConstructor(node, a) {
  if (node.type !== 'Identifier') return false;
  const ref = a.refOf.get(node);
  if (!ref || !ref.decl) return node.name === 'Object';
  const d = ref.decl.declarator;
  return ref.decl.kind !== 'param' && !!d && !!d.init && d.init.type === 'Identifier' && d.init.name === 'Object' && !a.refs.some((r) => r.write && r.decl === ref.decl && r.node !== d.id);
}

function forOfRule(node, a, add) {
  const r = node.right;
  if ((r.type === 'Literal' && typeof r.value === 'string') || r.type === 'TemplateLiteral') {
    add(r, 'for-of', 'for-of over a string: Espruino iterates arrays only (use a for loop with charAt)');
    return;
  }
  if (
    r.type === 'CallExpression' &&
    r.callee.type === 'MemberExpression' &&
    !r.callee.computed &&
    ['keys', 'values', 'entries', 'matchAll'].includes(r.callee.property.name) &&
    !isObjectConstructor(r.callee.object, a)
  ) {
    add(r, 'for-of', `for-of over an iterator from .${r.callee.property.name}(): Espruino iterates arrays only`);
  }
}

function globalRules(a, add, options) {
  const modules = new Set(options.modules || BUILTIN_MODULES);
  for (const ref of a.refs) {
    if (ref.decl || ref.write) continue;
    const name = ref.node.name;
    const parent = ref.parent;
    if (MISSING_GLOBALS.has(name) && !isGuarded(ref.node, name, a.parentOf)) {
      add(ref.node, 'missing-global', `${name} does not exist on Espruino`);
    }
    if (parent && parent.type === 'MemberExpression' && ref.key === 'object') {
      const member = exprName(parent);
      if (member && MISSING_MEMBERS.has(member) && !isGuarded(parent, member, a.parentOf))
        add(parent, 'missing-member', `${member} does not exist on Espruino`);
    }
    if (name === 'require' && parent && parent.type === 'CallExpression' && ref.key === 'callee') {
      const arg = parent.arguments[0];
      if (!arg || arg.type !== 'Literal' || typeof arg.value !== 'string')
        add(parent, 'require', 'require() with a computed name; only Espruino built-in modules may be required');
      else if (!modules.has(arg.value))
        add(
          parent,
          'require',
          `require(${JSON.stringify(arg.value)}) is not an Espruino built-in module (${[...modules].join(', ')})`,
        );
    }
    if (name === 'arguments' && ref.fn && ref.fn.type === 'ArrowFunctionExpression')
      add(ref.node, 'arrow-arguments', "`arguments` in an arrow function is the arrow's own on Espruino, not the enclosing function's");
  }
}

function promiseFinallyRule(ast, add) {
  walk.simple(ast, {
    CallExpression(node) {
      const c = node.callee;
      if (c.type === 'MemberExpression' && !c.computed && c.property.name === 'finally')
        add(c.property, 'promise-finally', 'Promise.prototype.finally does not exist on Espruino');
    },
  });
}

function loopClosureRule(a, add) {
  for (const d of a.loopDecls) {
    const ref = a.refs.find(
      (r) => r.decl === d && r.owner !== d.owner && r.node.start >= d.loop.start && r.node.end <= d.loop.end,
    );
    if (ref)
      add(
        ref.node,
        'loop-closure',
        `a closure captures \`${d.name}\` of \`for (${d.kind} …)\`; on Espruino all iterations share one binding`,
      );
  }
}

/** How `ref` is run where it stands: 'constructed', 'called', or false (only read). */
function isInvoked(ref, parentOf) {
  const p = ref.parent;
  if (!p) return false;
  if (p.type === 'NewExpression' && ref.key === 'callee') return 'constructed';
  if (p.type === 'CallExpression' && ref.key === 'callee') return 'called';
  if (p.type === 'TaggedTemplateExpression' && ref.key === 'tag') return 'called';
  if (p.type === 'MemberExpression' && ref.key === 'object' && !p.computed) {
    if (p.property.name === 'call' || p.property.name === 'apply') {
      const g = parentOf.get(p);
      return g && g.parent && g.parent.type === 'CallExpression' && g.key === 'callee' ? 'called' : false;
    }
  }
  if (p.type === 'CallExpression' && ref.key === 'arguments') {
    const c = p.callee;
    return c.type === 'MemberExpression' && !c.computed && SYNC_CALLBACK_METHODS.has(c.property.name) ? 'called' : false;
  }
  return false;
}

/** Refs that run when `fn` (a function or class node) is called or constructed. */
function runsOf(fn, a) {
  if (fn.type === 'ClassDeclaration' || fn.type === 'ClassExpression') {
    const out = [];
    for (const el of fn.body.body) {
      if (el.type === 'MethodDefinition' && el.kind === 'constructor') out.push(...(a.ownedRefs.get(el.value) || []));
      if (el.type === 'PropertyDefinition' && !el.static) out.push(...(a.ownedRefs.get(el) || []));
    }
    return out;
  }
  return a.ownedRefs.get(fn) || [];
}

function hoistingRule(a, add) {
  const availableAt = (d) => {
    if (d.kind === 'function' || d.kind === 'class') return d.stmt.start;
    return d.declarator ? d.declarator.end : d.stmt.end;
  };
  const describe = (d) => (d.kind === 'function' || d.kind === 'class' ? 'declared' : 'assigned');
  for (const frame of a.lists) {
    frame.refsAt.forEach((atRefs) => {
      for (const origin of atRefs) {
        const visited = new Set();
        const examine = (ref, chain) => {
          const d = ref.decl;
          if (!d || !d.fn) return;
          const where = a.listOf.get(d.stmt);
          if (where && where.frame === frame && availableAt(d) > origin.node.start) {
            const how = isInvoked(ref, a.parentOf) || 'used';
            const verb = { called: 'calls', constructed: 'constructs', used: 'uses' }[how];
            if (!chain.length)
              add(
                origin.node,
                'hoisting',
                `\`${d.name}\` is ${how} before it is ${describe(d)} (line ${lineOf(d.id)}); Espruino does not hoist functions`,
              );
            else
              add(
                origin.node,
                'hoisting',
                `\`${chain[0]}()\` runs here but ${verb} \`${d.name}\` (${[...chain, d.name].join(' → ')}), which is ` +
                  `${describe(d)} later (line ${lineOf(d.id)}); Espruino does not hoist functions`,
              );
          }
          if (isInvoked(ref, a.parentOf) && !visited.has(d.fn)) {
            visited.add(d.fn);
            for (const inner of runsOf(d.fn, a)) examine(inner, [...chain, d.name]);
          }
        };
        examine(origin, []);
      }
    });
  }
}

function nonAsciiRule(code, add) {
  const lines = code.split('\n');
  lines.forEach((text, i) => {
    const m = /[^\x00-\x7f]/.exec(text);
    if (!m) return;
    const cp = m[0].codePointAt(0);
    add(
      { loc: { start: { line: i + 1, column: m.index } }, start: 0 },
      'non-ascii',
      `non-ASCII character U+${cp.toString(16).toUpperCase().padStart(4, '0')} (${m[0]}): strings are bytes on ` +
        'Espruino; write an escape',
    );
  });
}

// ---------------------------------------------------------------------------------------------------- string-search

/** The text of a string literal or of a template without expressions, else null. */
function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

const FIND_TEXT =
  'use findText(text, needle, from?) (firmware/clock/text.ts), which accepts a match only where ' +
  '`at + needle.length <= text.length`';

/**
 * string-search: Espruino 2v29's string search accepts a needle that runs off the end of the text. With a needle of
 * two characters or more, indexOf, includes, replace and replaceAll take a prefix of it at the end of the text for
 * a match (`"ab".indexOf("bc")` is 1, `"abct".indexOf("tx", 9)` is 3: the start index does not stop it); with the
 * empty needle, indexOf and includes fail at the end of the text (`"".indexOf("")` is -1), `"".replace("", x)` is ""
 * and replaceAll("") never returns. A one-character needle is searched correctly, and so is lastIndexOf. Since
 * receivers cannot be typed, a call of these methods on anything with a literal needle (a string literal or a
 * template without expressions) of other than one character is refused, except on an array literal. Also refused,
 * whatever the arguments: split's limit (ignored), split by a literal of two characters or more (`"a".split("ab")`
 * is [], not ["a"]), startsWith and endsWith with a position (false outside 0..length, where V8 clamps), and
 * search() with a literal argument (String.prototype.search does not exist).
 */
function stringSearchRule(ast, add) {
  walk.simple(ast, {
    CallExpression(node) {
      const c = node.callee;
      if (c.type !== 'MemberExpression' || c.computed || c.property.type !== 'Identifier') return;
      const method = c.property.name;
      const args = node.arguments;
      const needle = literalText(args[0]);
      const shown = needle === null ? '' : JSON.stringify(needle);
      switch (method) {
        case 'indexOf':
        case 'includes':
        case 'replace':
        case 'replaceAll':
          if (needle === null || needle.length === 1 || c.object.type === 'ArrayExpression') return;
          if (needle.length === 0)
            add(
              c.property,
              'string-search',
              method === 'replaceAll'
                ? 'replaceAll("", …) never returns on Espruino 2v29'
                : `.${method}("") is wrong on Espruino 2v29 at the end of the text (\`"".indexOf("")\` is -1, ` +
                    '`"".replace("", "x")` is ""): write the test out',
            );
          else
            add(
              c.property,
              'string-search',
              `.${method}(${shown}${method.startsWith('replace') ? ', …' : ''}): Espruino 2v29 takes a part of a ` +
                'needle of two or more characters at the end of the text for a match (`"ab".indexOf("bc")` is 1, ' +
                `whatever the start index): ${FIND_TEXT}` +
                (method.startsWith('replace') ? ', then splice the text with substring' : ''),
            );
          return;
        case 'split':
          if (args.length > 1)
            add(c.property, 'string-search', "split's limit is ignored on Espruino 2v29: slice the result instead");
          if (needle !== null && needle.length > 1)
            add(
              c.property,
              'string-search',
              `.split(${shown}): on Espruino 2v29 a text shorter than a separator of two or more characters splits ` +
                `into [] (\`"a".split("ab")\`; V8: ["a"]): split by one character, or ${FIND_TEXT}`,
            );
          return;
        case 'startsWith':
        case 'endsWith':
          if (args.length > 1)
            add(
              c.property,
              'string-search',
              `.${method}(needle, position) is false on Espruino 2v29 when the position is outside 0..length (V8 ` +
                'clamps it): compare a substring, or clamp the position',
            );
          return;
        case 'search':
          if (needle !== null || (args[0] && args[0].type === 'Literal' && args[0].regex))
            add(
              c.property,
              'string-search',
              'String.prototype.search does not exist on Espruino 2v29: use match() and its index, or findText',
            );
          return;
      }
    },
  });
}

// ---------------------------------------------------------------------------------------------------- try-literal

const TRY_LITERAL_MESSAGE =
  'on Espruino 2v29 an exception thrown while an object literal property value is evaluated escapes the enclosing ' +
  'try when more properties follow (catch and finally do not run): compute the value into a variable before the ' +
  'literal (`var a = f(); var o = { a: a, b: 1 }`), or make it the last property';

/** The first call, `new` or tagged template that evaluating `node` runs, not looking into functions; or null. */
function firstCall(node) {
  let found = null;
  const search = (n) => {
    if (found || !n || typeof n.type !== 'string') return;
    if (FUNCTION_TYPES.has(n.type) || n.type === 'ClassDeclaration' || n.type === 'ClassExpression') return;
    if (n.type === 'CallExpression' || n.type === 'NewExpression' || n.type === 'TaggedTemplateExpression') {
      found = n;
      return;
    }
    for (const k of Object.keys(n)) {
      if (k === 'loc' || k === 'type') continue;
      const v = n[k];
      if (Array.isArray(v)) v.forEach(search);
      else if (v && typeof v.type === 'string') search(v);
    }
  };
  search(node);
  return found;
}

/**
 * try-literal: on Espruino 2v29, an exception thrown while evaluating a property value of an object literal that
 * has more properties after it escapes the enclosing try (its catch and finally do not run; measured: a throwing
 * call, `new`, member access on null or undeclared name, in any property but the last, nested literals and arrays
 * in it too). Refused: an object literal lexically inside a try block (not in a function within it) where a
 * property other than the last has a call, `new` or tagged template in its value (not inside a function there).
 * Member accesses and names are not refused (too common to refuse; what they may throw on is not knowable here).
 */
function tryLiteralRule(ast, add) {
  const inBlock = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (FUNCTION_TYPES.has(node.type) || node.type === 'ClassDeclaration' || node.type === 'ClassExpression') return;
    if (node.type === 'ObjectExpression') {
      node.properties.slice(0, -1).forEach((p) => {
        if (p.type !== 'Property' || p.kind !== 'init' || p.method) return;
        const call = firstCall(p.value);
        if (call) add(call, 'try-literal', TRY_LITERAL_MESSAGE);
      });
    }
    for (const k of Object.keys(node)) {
      if (k === 'loc' || k === 'type') continue;
      const v = node[k];
      if (Array.isArray(v)) v.forEach(inBlock);
      else if (v && typeof v.type === 'string') inBlock(v);
    }
  };
  walk.simple(ast, {
    TryStatement(node) {
      inBlock(node.block);
    },
  });
}

function parse(code) {
  return acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'script', locations: true, allowHashBang: true });
}

/**
 * Problems in `code`, sorted by position: [{ line, column, rule, message }] (column 1-based).
 * options.modules: the built-in modules require() may name (default: ESP32's).
 */
function checkSource(code, options = {}) {
  const problems = [];
  const seen = new Set();
  const add = (node, rule, message) => {
    const line = node.loc.start.line;
    const column = node.loc.start.column + 1;
    const key = `${line}:${column}:${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push({ line, column, rule, message, snippet: node.end !== undefined ? snippetAt(code, node.start) : '' });
  };
  let ast;
  try {
    ast = parse(code);
  } catch (e) {
    const loc = e.loc || { line: 1, column: 0 };
    return [{ line: loc.line, column: loc.column + 1, rule: 'syntax', message: 'syntax error: ' + e.message, snippet: '' }];
  }
  const a = analyze(ast);
  syntaxRules(ast, a, add, code);
  globalRules(a, add, options);
  promiseFinallyRule(ast, add);
  loopClosureRule(a, add);
  hoistingRule(a, add);
  varHoistingRule(ast, a, add);
  stringSearchRule(ast, add);
  tryLiteralRule(ast, add);
  nonAsciiRule(code, add);
  if (options.bundle) topLevelRule(ast, add);
  problems.sort((x, y) => x.line - y.line || x.column - y.column);
  return problems;
}

/** The names declared by the program's top-level statements, each with its statement. */
function topLevelNames(ast) {
  const out = [];
  for (const s of ast.body) {
    let names = [];
    if (s.type === 'FunctionDeclaration' || s.type === 'ClassDeclaration') names = [s.id.name];
    else if (s.type === 'VariableDeclaration') names = s.declarations.flatMap((d) => patternNames(d.id).map((i) => i.name));
    for (const name of names) out.push({ statement: s, name });
  }
  return out;
}

function topLevelRule(ast, add) {
  for (const { statement, name } of topLevelNames(ast)) {
    if (name.charAt(0) === ROOT_PREFIX) continue;
    add(
      statement,
      'top-level-declaration',
      `top-level declaration of \`${name}\` would be an Espruino global anyone's code can overwrite; ` +
        `the bundle must be an IIFE, or root-level with every name it declares starting with \`${ROOT_PREFIX}\` (scripts/root-level.cjs)`,
    );
  }
}

/** checkSource plus the bundle's shape: nothing declared at the top level. */
function checkBundle(code, options = {}) {
  return checkSource(code, Object.assign({}, options, { bundle: true }));
}

/**
 * 'iife' if the script is one immediately invoked function expression, 'script' if it is statements that declare
 * nothing at the top level (terser unwraps an IIFE that has nothing left to scope), 'root' if every name its top
 * level declares starts with ROOT_PREFIX (a board's `.bootcde`, scripts/root-level.cjs), else 'globals'.
 */
function bundleShape(code) {
  const ast = parse(code);
  const body = ast.body.filter((s) => s.type !== 'EmptyStatement');
  if (body.length === 1 && body[0].type === 'ExpressionStatement') {
    let e = body[0].expression;
    if (e.type === 'UnaryExpression' && (e.operator === '!' || e.operator === 'void')) e = e.argument;
    if (e.type === 'CallExpression') {
      let c = e.callee;
      if (c.type === 'MemberExpression' && !c.computed && ['call', 'apply'].includes(c.property.name)) c = c.object;
      if (c.type === 'FunctionExpression' || c.type === 'ArrowFunctionExpression') return 'iife';
    }
  }
  const names = topLevelNames(ast);
  if (names.length === 0) return 'script';
  return names.every((n) => n.name.charAt(0) === ROOT_PREFIX) ? 'root' : 'globals';
}

/** The string literals passed to require() in `code`. */
function requiredModules(code) {
  const out = [];
  walk.simple(parse(code), {
    CallExpression(node) {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require') {
        const arg = node.arguments[0];
        out.push(arg && arg.type === 'Literal' ? String(arg.value) : '<computed>');
      }
    },
  });
  return out;
}

// ---------------------------------------------------------------------------------------------------- source maps

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decode a v3 source map's mappings into per-line segments [genCol, source, line, col] (all 0-based). */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  let line = 0;
  let col = 0;
  for (const text of mappings.split(';')) {
    const segs = [];
    let genCol = 0;
    for (const seg of text.split(',')) {
      if (!seg) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = B64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      genCol += values[0];
      if (values.length >= 4) {
        source += values[1];
        line += values[2];
        col += values[3];
        segs.push([genCol, source, line, col]);
      }
    }
    lines.push(segs);
  }
  return lines;
}

/** A function (line, column 1-based) -> "file.ts:line:col" or null, from a parsed source map. */
function sourceMapLocator(map) {
  const lines = decodeMappings(map.mappings);
  return (line, column) => {
    const segs = lines[line - 1] || [];
    let best = null;
    for (const s of segs) {
      if (s[0] <= column - 1) best = s;
      else break;
    }
    if (!best) return null;
    return `${map.sources[best[1]]}:${best[2] + 1}:${best[3] + 1}`;
  };
}

module.exports = {
  BUILTIN_MODULES,
  MISSING_GLOBALS,
  MISSING_MEMBERS,
  checkSource,
  checkBundle,
  bundleShape,
  requiredModules,
  sourceMapLocator,
};
