/**
 * The Espruino subset checker (scripts/espruino-check.cjs, run by scripts/check-bundle.mjs): each construct
 * Espruino 2v29 lacks (docs/firmware.md) is refused with its location, what Espruino runs is accepted, and code must not
 * reach a function declared further down (Espruino does not hoist).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checker, rulesOf, ROOT } from './scripts';

describe('constructs Espruino lacks are refused', () => {
  const refused: Array<[string, string]> = [
    ['spread', 'f(...args);'],
    ['spread', 'var a = [...b, 1];'],
    ['spread', 'var o = { ...p, q: 1 };'],
    ['rest-parameter', 'function f(first, ...rest) { return rest; }'],
    ['rest-parameter', 'var g = (...r) => r;'],
    ['destructuring', 'var { a } = o;'],
    ['destructuring', 'var [x, y] = pair;'],
    ['destructuring', 'function f({ a }) { return a; }'],
    ['destructuring', '[a, b] = [b, a];'],
    ['destructuring', 'for (const [k, v] of pairs) log(k, v);'],
    ['destructuring', 'try { f(); } catch ({ message }) { log(message); }'],
    ['default-parameter', 'function f(a = 1) { return a; }'],
    ['default-parameter', 'var g = (a = 1) => a;'],
    ['optional-chaining', 'var x = a?.b;'],
    ['optional-chaining', 'f?.();'],
    ['exponentiation', 'var x = 2 ** 8;'],
    ['exponentiation', 'x **= 2;'],
    ['logical-assignment', 'a ||= 1;'],
    ['logical-assignment', 'a &&= 1;'],
    ['logical-assignment', 'a ??= 1;'],
    ['async', 'async function f() { await g(); }'],
    ['async', 'var g = async () => 1;'],
    ['generator', 'function* g() { yield 1; }'],
    ['class-extends', 'class A extends mixin(B) {}'],
    ['class-extends', 'class A extends ns.B {}'],
    ['subclass-error', 'class TimeError extends Error {}'],
    ['computed-key', 'var o = { [k]: 1 };'],
    ['computed-key', 'class A { [k]() { return 1; } }'],
    ['label', 'outer: for (;;) { break outer; }'],
    ['tagged-template', 'var s = tag`x${1}`;'],
    ['for-of', 'for (const c of "abc") log(c);'],
    ['for-of', 'for (const k of seen.keys()) log(k);'],
    ['for-of', 'var O = Object; O = seen; for (const k of O.keys()) log(k);'],
    ['for-of', 'for (const e of list.entries()) log(e);'],
    ['private-member', 'class A { #x = 1; get() { return this.#x; } }'],
    ['static-block', 'class A { static { init(); } }'],
    ['meta-property', 'function F() { return new.target; }'],
    ['dynamic-import', 'import("./x.js");'],
    ['bigint', 'var n = 10n;'],
    ['numeric-separator', 'var n = 1_000;'],
    ['optional-catch-binding', 'try { f(); } catch { g(); }'],
    ['regexp', 'var r = /a/u;'],
    ['regexp', 'var r = /(?<year>\\d+)/;'],
    ['missing-global', 'var m = new Map();'],
    ['missing-global', 'var s = new Set([1]);'],
    ['missing-global', 'var w = new WeakMap();'],
    ['missing-global', 'var w = new WeakSet();'],
    ['missing-global', 'var i = x[Symbol.iterator];'],
    ['missing-global', 'Reflect.ownKeys(o);'],
    ['missing-global', 'var p = new Proxy(o, {});'],
    ['missing-global', 'globalThis.button = f;'],
    ['missing-member', 'var a = Array.from(list);'],
    ['missing-member', 'Object.freeze(o);'],
    ['missing-member', 'if (Number.isNaN(n)) f();'],
    ['missing-member', 'var t = Math.trunc(n);'],
    ['promise-finally', 'p.then(f).finally(g);'],
    ['require', 'var lcd = require("HD44780");'],
    ['require', 'var m = require(name);'],
    ['loop-closure', 'for (let i = 0; i < 3; i++) setTimeout(() => log(i), 0);'],
    ['arrow-arguments', 'function f() { return () => arguments[0]; }'],
    ['length-assignment', 'log.length = 0;'],
    ['length-assignment', 'log.length = Math.max(0, log.length - n);'],
    ['length-assignment', 'log.length -= 2;'],
    ['length-assignment', 'log.length--;'],
    ['length-assignment', 'log["length"] = 1;'],
    ['case-literal', 'switch (k) { case 1: "overtime" === p && (r = 1); break; }'],
    ['case-literal', "switch (k) { case 'a': 'b' + c; }"],
    ['case-literal', 'switch (k) { case 1: `t${k}` === s && f(); }'],
    ['case-literal', 'switch (k) { case 1: /x/.test(s) && f(); }'],
    ['var-hoisting', 'function f(e) { return (t = e.ms, r = t / 1e3, r); var t, r; }'],
    ['var-hoisting', 'function f(x) { if (x) { var a = 1; } return a; }'],
    ['var-hoisting', 'function f() { a = 2; var a; return a; }'],
    ['var-hoisting', 'function f(l) { for (;;) { if (l()) return c; var c = 1; } }'],
    ['var-hoisting', 'function f(k) { switch (k) { case 1: var c = 1; break; default: c = 2; } }'],
    ['regexp', 'var r = /^-?\\d+$/;'],
    ['regexp', 'var r = /a+?/;'],
    ['regexp', 'var r = /\\d{2}/;'],
    ['regexp', 'var r = /(?:ab)c/;'],
    ['regexp', 'var r = /a(?=b)/;'],
    ['regexp', 'var r = /(?<!a)b/;'],
    ['regexp', 'var r = /(ab)+/;'],
    ['regexp', 'var r = /((a)b)/;'],
    ['regexp', 'var r = /x(a|b)/;'],
    ['regexp', 'var r = /^a|b/;'],
    ['regexp', 'var r = /\\bfoo/;'],
    ['regexp', 'var r = /[\\u0041]/;'],
    ['regexp', 'var r = /(a)\\1/;'],
    ['regexp', 'var r = /a.b/;'],
    ['regexp', 'var r = /^b/m;'],
    ['regexp', 'var r = new RegExp("a?");'],
    ['regexp', 'var r = RegExp("a{2}", "g");'],
    ['string-search', 'if (s.indexOf("ab") >= 0) f();'],
    ['string-search', 'var i = s.indexOf("ab", 3);'],
    ['string-search', 'if (s.includes(`ab`)) f();'],
    ['string-search', 'if (s.indexOf("") >= 0) f();'],
    ['string-search', 'var t = s.replace("ab", "c");'],
    ['string-search', 'var t = s.replaceAll("", "c");'],
    ['string-search', 'var p = s.split("ab");'],
    ['string-search', 'var p = s.split(",", 2);'],
    ['string-search', 'if (s.startsWith("a", 3)) f();'],
    ['string-search', 'if (s.endsWith("a", 3)) f();'],
    ['string-search', 'var i = s.search(/a/);'],
    ['try-literal', 'try { var o = { a: f(), b: 1 }; } catch (e) { g(e); }'],
    ['try-literal', 'try { g({ a: [new Date(x)], b: 1 }); } catch (e) { g(e); }'],
    ['try-literal', 'try { var o = { a: { c: f() }, b: 1 }; } finally { g(); }'],
    ['non-ascii', 'var s = "5\u00d730 s";'],
    ['syntax', 'var = 1;'],
  ];

  test.each(refused)('%s: %s', (rule, code) => {
    expect(rulesOf(code)).toContain(rule);
  });

  it('says where: 1-based line and column of the construct', () => {
    const [p] = checker.checkSource('var a = 1;\nvar b = 2 ** a;\n');
    expect(p).toMatchObject({ line: 2, column: 9, rule: 'exponentiation' });
    expect(p.message).toMatch(/Math\.pow/);
  });

  it('reports one problem per construct, not one per nested pattern', () => {
    expect(rulesOf('var { a: [b, { c }] } = o;')).toEqual(['destructuring']);
  });
});

describe('what Espruino runs is accepted', () => {
  const accepted: Array<[string, string]> = [
    ['arrow functions', 'var add = (a, b) => a + b; var one = x => x; add(1, one(2));'],
    [
      'classes with extends, super, getters, setters and statics',
      'class A { constructor(x) { this.x = x; } get double() { return this.x * 2; } set double(v) { this.x = v / 2; } ' +
        'static make() { return new A(1); } }\nclass B extends A { constructor(x) { super(x); } m() { return super.m(); } }',
    ],
    ['class fields', 'class C { n = 0; static k = 1; }'],
    ['template literals', 'var s = `a${1 + 2}b`;'],
    ['let and const', 'let a = 1; const b = a + 1; { let a = 2; }'],
    ['for-of over arrays', 'for (const x of [1, 2]) log(x); for (var k of Object.keys(o)) log(k);'],
    ['for-of over Object.keys through an alias of Object', 'var O = Object; function f(o) { for (var k of O.keys(o)) log(k); }'],
    ['nullish coalescing', 'var v = a ?? b;'],
    ['shorthand properties and methods', 'var a = 1; var o = { a, m() { return 1; } };'],
    ['getters and setters in object literals', 'var o = { get x() { return 1; }, set x(v) { log(v); } };'],
    ['Promise without finally', 'new Promise((resolve) => resolve(1)).then(f, g);'],
    ['Object.assign/entries/values', 'Object.assign({}, o); Object.entries(o); Object.values(o);'],
    ['built-in modules', 'var s = require("Storage"); s.read("x");'],
    ['Espruino globals', 'setWatch(function (e) { log(e.time); }, D5, { repeat: true, edge: "falling" }); E.kickWatchdog();'],
    ['typeof of a missing global', 'var has = typeof Symbol !== "undefined";'],
    ['a guarded missing global (Babel helpers)', 'var p = typeof Symbol !== "undefined" && x[Symbol.toPrimitive];'],
    ['a guarded missing global in if', 'if (typeof Map === "function") { new Map(); }'],
    ['a guarded missing global in ?:', 'var M = typeof Map === "undefined" ? null : Map;'],
    ['a guarded missing member', 'var f = typeof Array.from === "function" ? Array.from(x) : x.slice();'],
    ['shadowed names', 'function f(Map) { return new Map(); } var Symbol = {}; Symbol.iterator;'],
    ['for (let …) closures run at once', 'for (let i = 0; i < 3; i++) [1].map(() => i);'],
    ['for (var …) closures', 'for (var i = 0; i < 3; i++) fs.push(() => i);'],
    ['arguments in a function', 'function f() { return arguments.length; }'],
    [
      'a case body that begins with anything but a literal, and default with one',
      'function f(k) { switch (k) { case 1: return "one"; case 2: p === "overtime" && g(); break; case 3: { "a" === s && g(); } default: "b" === s && g(); } }',
    ],
    [
      'var before its uses: in the same list, an enclosing block, a for header; closures; parameters',
      'function f(x, p) { var a = 1; if (x) { a = 2; for (var i = 0; i < 3; i++) a += i; } var g = function () { return late; }; ' +
        'var late = a; for (var k in x) p = k; var p = p || 1; return g() + k + p; }',
    ],
    ['reading a length, and shortening with splice', 'var n = log.length; log.splice(n - 2, 2); log[k] = n;'],
    ['escaped non-ASCII', 'var s = "5\\u00d730 s";'],
    [
      'regular expressions Espruino reads right: classes, escapes, + and *, literal ? and braces',
      'var r = [/^\\d+$/, /[?]/, /\\?/, /[ab]+c*/, /\\{2\\}/, /[\\b]/, /\\x41/, /a|b/, /^a|^b/, /[^\\n\\r]/g, /x/i];',
    ],
    ['a RegExp made from a variable', 'var r = new RegExp(pattern, flags);'],
    [
      'string search with a one-character or variable needle, and on an array literal',
      'var i = s.indexOf("a") + s.indexOf(n, 2) + ["ab", "cd"].indexOf("cd"); if (s.includes(",")) s = s.replace(",", ";"); var p = s.split(","); var q = s.startsWith("ab") && s.endsWith("cd");',
    ],
    [
      'object literals in a try whose calls are in the last property, in a function, or outside the try',
      'var o = { a: f(), b: 1 }; try { var p = { a: x.y, b: g() }; var q = { m: function () { return { a: f(), b: 1 }; }, n: 2 }; } catch (e) { h({ a: e, b: k() }); }',
    ],
    ['an empty program', ''],
  ];

  test.each(accepted)('%s', (_name, code) => {
    expect(checker.checkSource(code)).toEqual([]);
  });
});

describe('no hoisting: code must not reach a function declared further down', () => {
  const refused: Array<[string, string]> = [
    ['a call before the declaration', 'f(); function f() {}'],
    ['in a function body', 'function outer() { inner(); function inner() {} }'],
    ['in the bundle IIFE', '(function () { go(); function go() {} })();'],
    ['in an arrow IIFE', '(() => { go(); function go() {} })();'],
    ['in a callback that runs at once', '[1, 2].forEach(function () { go(); }); function go() {}'],
    ['in a Promise executor', 'new Promise(function (r) { go(r); }); function go() {}'],
    ['a var assigned a function later', 'g(); var g = function () {};'],
    ['a const arrow later', 'run(); const run = () => 1;'],
    ['a reference, not a call', 'var handlers = { tick: tick }; function tick() {}'],
    ['a class constructed before it', 'new Clock(); class Clock {}'],
    ['a class extending a later class', 'class B extends A {} class A {}'],
    ['in a nested block', 'if (ok) { run(); function run() {} }'],
    ['in a switch', 'switch (k) { case 1: go(); break; default: function go() {} }'],
  ];

  test.each(refused)('%s', (_name, code) => {
    expect(rulesOf(code)).toContain('hoisting');
  });

  it('through the functions that run: a() calls b(), declared after the call of a()', () => {
    const problems = checker.checkSource('function a() { return b(); }\na();\nfunction b() {}\n');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 2, column: 1, rule: 'hoisting' });
    expect(problems[0].message).toMatch(/a → b/);
  });

  it('through several levels and through constructors', () => {
    const chain = checker.checkSource('function a() { b(); } function b() { c(); } a(); function c() {}');
    expect(chain.map((p) => p.message).join()).toMatch(/a → b → c/);
    const ctor = checker.checkSource('class C { constructor() { helper(); } } new C(); function helper() {}');
    expect(ctor.map((p) => p.rule)).toEqual(['hoisting']);
  });

  it('names the later declaration', () => {
    const [p] = checker.checkSource('g();\nvar g = function () {};\n');
    expect(p.message).toMatch(/`g` is called before it is assigned \(line 2\)/);
  });

  const accepted: Array<[string, string]> = [
    ['declared before the call', 'function go() {} go();'],
    ['called later from a timer', 'setTimeout(function () { go(); }, 10); function go() {}'],
    ['a later function called from a function called after both', 'function a() { b(); } function b() {} a();'],
    ['a method that runs later', 'var o = { run: function () { later(); } }; function later() {}'],
    ['a function that is never called here', 'function f() { return g(); } function g() {}'],
    ['a local binding of the same name', 'function f() { var go = function () {}; go(); } function go() {}'],
    ['a parameter shadowing a function (minified names)', '(function () { function t(t) { return t(); } t(function () { return 1; }); })();'],
    ['an event handler', 'setWatch(function (e) { onPress(e); }, D5); function onPress() {}'],
  ];

  test.each(accepted)('accepts: %s', (_name, code) => {
    expect(checker.checkSource(code)).toEqual([]);
  });
});

describe('the bundle', () => {
  it('declares nothing at the top level but $ names: an IIFE, a script without declarations, or root-level', () => {
    expect(checker.checkBundle('(function () { var x = 1; function f() {} f(x); })();')).toEqual([]);
    expect(checker.checkBundle('console.log("goclock");')).toEqual([]);
    expect(checker.checkBundle('var $a = 1; function $b() {} $b($a);')).toEqual([]);
    expect(checker.checkBundle('var x = 1;').map((p) => p.rule)).toEqual(['top-level-declaration']);
    expect(checker.checkBundle('function boot() {}').map((p) => p.rule)).toEqual(['top-level-declaration']);
    expect(checker.checkBundle('var $a = 1, b = 2;').map((p) => p.message)).toEqual([expect.stringMatching(/`b` would be an Espruino global/)]);
  });

  it('tells its shape', () => {
    expect(checker.bundleShape('(function () { var x; })();')).toBe('iife');
    expect(checker.bundleShape('!function () { var x; }();')).toBe('iife');
    expect(checker.bundleShape('(function () {}).call(this);')).toBe('iife');
    expect(checker.bundleShape('console.log(1);')).toBe('script');
    expect(checker.bundleShape('var x = 1;')).toBe('globals');
    expect(checker.bundleShape('var $a = 1; function $b() {}')).toBe('root');
    expect(checker.bundleShape('var $a = 1; function b() {}')).toBe('globals');
  });

  it('lists the modules it requires', () => {
    expect(checker.requiredModules('require("Storage").read("a"); var n = require(name);')).toEqual(['Storage', '<computed>']);
  });
});

describe('scripts/check-bundle.mjs', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-check-'));
    fs.writeFileSync(path.join(dir, 'good.js'), '(function () { function go() {} go(); })();\n');
    fs.writeFileSync(path.join(dir, 'bad.js'), '(function () {\n  go();\n  function go() { return new Map(); }\n})();\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = (args: string[]) =>
    spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'check-bundle.mjs'), ...args], { cwd: dir, encoding: 'utf8' });

  it('prints file:line:col: what for each problem and exits 1', () => {
    const result = run(['good.js', 'bad.js']);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^good\.js: Espruino-safe/m);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^bad\.js:2:3: `go` is called before it is declared \(line 3\)/);
    expect(lines[1]).toMatch(/^bad\.js:3:30: Map does not exist on Espruino/);
    expect(lines[2]).toBe('check-bundle: 1 of 2 bundle(s) failed');
  });

  it('exits 0 when every bundle is fine', () => {
    expect(run(['good.js']).status).toBe(0);
  });

  it('exports the checking function to ESM callers', () => {
    const module = path.join(ROOT, 'scripts', 'check-bundle.mjs');
    const code = `import { checkSource } from ${JSON.stringify(module)}; console.log(JSON.stringify(checkSource('a ** 2')));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
    expect(JSON.parse(result.stdout)).toEqual([expect.objectContaining({ rule: 'exponentiation', line: 1, column: 1 })]);
  });
});
