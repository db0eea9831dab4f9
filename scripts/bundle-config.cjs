/**
 * The Espruino bundle pipeline (docs/firmware.md), one place for rollup.config.js, scripts/flash.mjs and the bundle tests.
 * CommonJS so that Jest (ts-jest, CommonJS mode) can require it as it is; the ESM scripts import it.
 *
 * dist/<board>.js = rollup of the virtual entry
 *     import board from './boards/<board>'; import { boot } from './boards/device/boot';
 *     import { lcdScreen } from './boards/device/lcd-screen'; import { pinIo } from './hal/espruino/pin-io';
 *     boot(board, lcdScreen, pinIo, PARTS);   (its display's screen, its IO kind)
 * through TypeScript (ES2015, ESNext modules) -> Babel (only the transforms Espruino needs) -> IIFE, non-strict ->
 * terser kept ES5-safe. PARTS is the manifest of the firmware's parts (PARTS below): code needed only sometimes,
 * each built the same way into dist/<part>.js, an expression whose value is the part, stored in a Storage file of
 * its own and loaded when used (boards/device/storage-parts.ts checks each file's length and CRC-32 against the
 * manifest first, so a part from another build or a damaged one is refused with a message, never run).
 * Storage holds all of it pretokenised (scripts/pretokenise.cjs): the parts as dist/<part> beside their JavaScript,
 * `.bootcde` as the espruino CLI tokenises dist/<board>.js while uploading it (scripts/flash.mjs).
 */
'use strict';

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { rootLevelPlugin } = require('./root-level.cjs');
const { tokenise } = require('./pretokenise.cjs');

const ROOT = path.resolve(__dirname, '..');

/** The Babel transforms Espruino 2v29 needs after TypeScript's ES2015 output (docs/firmware.md), nothing else. */
const BABEL_PLUGINS = [
  '@babel/plugin-transform-destructuring',
  '@babel/plugin-transform-parameters',
  '@babel/plugin-transform-spread',
  '@babel/plugin-transform-computed-properties',
  '@babel/plugin-transform-exponentiation-operator',
  '@babel/plugin-transform-logical-assignment-operators',
  '@babel/plugin-transform-block-scoping',
];

/** What we promise Babel about our own code, so its output needs no Symbol/iterator helpers (docs/firmware.md). */
const BABEL_ASSUMPTIONS = {
  iterableIsArray: true,
  ignoreFunctionLength: true,
  objectRestNoSymbols: true,
  setSpreadProperties: true,
};

/**
 * terser, kept Espruino-safe. Everything not listed is terser's default; the `unsafe*` family is off by default and
 * stated here so nobody turns it on by accident.
 * - ecma 5 (compress and format): terser never *introduces* syntax newer than ES5 — no arrows from functions or
 *   methods, no shorthand properties, no `??`/`?.` from ternaries, no `**` from Math.pow. The ES2015 syntax that is
 *   already there (classes, arrows, template literals) is kept as it is.
 * - hoist_funs / hoist_vars false: declarations stay where the source put them (Espruino does not hoist, so the
 *   order the checker verifies is the order the source has; terser itself never moves a declaration down).
 * - arrows false: no method or function becomes an arrow (ecma 5 already implies it; stated for safety, since an
 *   arrow's `arguments` and `this` differ on Espruino).
 * - negate_iife false: the bundle stays `(function(){...})()`, the shape scripts/root-level.cjs then unwraps for a
 *   board (its `.bootcde` runs at the root, every name it declares there `$`-prefixed) and a part keeps.
 * - toplevel / module false: nothing outside the IIFE is renamed or dropped; `module: false` also keeps terser from
 *   assuming strict mode, as the bundle is emitted with `strict: false`.
 * - keep_fargs true: no parameter is dropped, so `arguments` and `length` stay as written.
 * - ascii_only: strings are bytes on ESP32 and the espruino CLI stores chars 128–255 as single bytes, so every
 *   non-ASCII character is written as an escape; the file's bytes are exactly what lands in Storage.
 * - comments false: nothing but code goes to flash.
 * - lhs_constants false: terser would write `if (p === "overtime") x()` as `"overtime"===p&&x()`, and at the start of
 *   a `case X:` body Espruino reads that first string before it knows the case matched, so it has no value and the
 *   comparison is always false (measured on 2v29: a byo-yomi move did not refill its period). The checker's
 *   case-literal rule refuses the construct wherever it comes from.
 * - inline 1: terser inlines only functions without arguments or locals. At its default (3) it moves an inlined
 *   function's locals into the caller as `return (t = …, r = …); var t, r`, and at 2 it does the same with the
 *   parameters of a function it inlines; Espruino, which does not hoist var, then writes the outer `t` and `r`
 *   (measured on 2v29: a flagged clock's count-up display replaced the console board's line formatter with a
 *   number). The checker's var-hoisting rule refuses the construct.
 * - reduce_funcs (terser's default, on): a function used once is written where it is used. Each function declared
 *   at the bundle's top level costs JsVars on Espruino (5 at the root, scripts/root-level.cjs, and one a parameter:
 *   its name, the function, its code), so this saved ~830 of them (3,720 JsVars after boot instead of 4,550, measured
 *   on espruino-12k when the bundle still ran inside its IIFE). But Espruino
 *   reads a function's whole text at every call, rare branches included, so the few helpers on the display tick's
 *   path (formatClock's formats, timeCell's cut and 14.3 mark, the runner's view...) are called with
 *   `/*#__NOINLINE__*\/` in the source and stay functions of their own (2.3 M host instructions per wake-up in main
 *   time with them, 3.2 M without). A function used once with arguments is written as a function expression called
 *   in place, `(function(t){…})(n)`: Espruino reads its text twice at each pass, once to make the function and once
 *   to run it, so the big ones on a press's or a wake-up's path are kept functions too (the display tick, `render`,
 *   the LCD's `renderLcd` and `infoCandidates`, the recogniser's `takeEdge`: 1.0 M a press and 0.1 M a wake-up for
 *   43 JsVars at rest, measured on the console board). `npx tsx bench/bundle-map.ts` lists what is left of them.
 * - passes 2: ~100 bytes smaller than 1 pass on the real bundle, for no measurable time.
 */
const TERSER_OPTIONS = {
  ecma: 5,
  module: false,
  toplevel: false,
  compress: {
    ecma: 5,
    module: false,
    toplevel: false,
    hoist_funs: false,
    hoist_vars: false,
    negate_iife: false,
    keep_fargs: true,
    arrows: false,
    passes: 2,
    lhs_constants: false,
    inline: 1,
    reduce_funcs: true,
    unsafe: false,
    unsafe_arrows: false,
    unsafe_comps: false,
    unsafe_Function: false,
    unsafe_math: false,
    unsafe_symbols: false,
    unsafe_methods: false,
    unsafe_proto: false,
    unsafe_regexp: false,
    unsafe_undefined: false,
  },
  mangle: { toplevel: false },
  format: { ecma: 5, ascii_only: true, comments: false },
};

/**
 * A Babel plugin that transforms nothing: it stops the build with the right advice where TypeScript's ES2015 output
 * has a construct no plugin above may lower. Today one: a subclass with field initializers and no constructor, for
 * which TypeScript writes `constructor() { super(...arguments); ... }`. Babel can only lower that spread by compiling
 * the whole class (and its helpers need Reflect/Symbol), and Espruino has no spread.
 */
function espruinoGuardPlugin() {
  return {
    name: 'goclock-espruino-guard',
    visitor: {
      CallExpression(p) {
        const node = p.node;
        if (node.callee.type !== 'Super' || !node.arguments.some((a) => a.type === 'SpreadElement')) return;
        const cls = p.findParent((q) => q.isClass());
        const name = cls && cls.node.id ? cls.node.id.name : 'this class';
        const synthesized = node.arguments.length === 1 && node.arguments[0].argument.name === 'arguments';
        throw p.buildCodeFrameError(
          synthesized
            ? `Espruino: ${name} extends another class and has field initializers but no constructor, so ` +
                'TypeScript writes `constructor() { super(...arguments) }` and Espruino has no spread. Give the ' +
                'class an explicit constructor with its parameters: `constructor(a: A) { super(a); }`.'
            : `Espruino: \`super(...)\` with a spread in ${name}; Espruino has no spread and only compiling the ` +
                'whole class could lower it. Pass the arguments one by one.',
        );
      },
    },
  };
}

/**
 * The interpreter's globals the bundle reads, each made a variable of the bundle's own scope, declared first.
 * Espruino looks a name up scope by scope, and a scope is a list: a global like `Math` is found only after the
 * bundle's whole top-level scope (some 240 functions and variables) has been searched, about 9 µs a time on the
 * host build (measured on 2v29), and a wake-up reads globals dozens of times. As the first variables of that scope
 * they are found at once. References are renamed before terser, which then gives the aliases short names.
 */
const ALIASED_GLOBALS = ['Math', 'Object', 'JSON', 'String', 'Number', 'Array', 'isFinite'];

function globalAliasPlugin() {
  const acorn = require('acorn');
  const walk = require('acorn-walk');
  const MagicString = require('magic-string');
  return {
    name: 'goclock-global-aliases',
    renderChunk(code) {
      const ast = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'script' });
      // The bundle is `(function(){…})()`, a part `var goclockPart=function(){…}()` (see partExpression).
      const only = ast.body.length === 1 ? ast.body[0] : null;
      const call = only && (only.expression || (only.declarations && only.declarations.length === 1 && only.declarations[0].init));
      const wrapper = call && call.callee;
      if (!wrapper || !/Function/.test(wrapper.type)) throw new Error('global aliases: the bundle is not one IIFE');
      const references = [];
      walk.fullAncestor(ast, (node, _state, ancestors) => {
        if (node.type !== 'Identifier' || ALIASED_GLOBALS.indexOf(node.name) < 0) return;
        const parent = ancestors[ancestors.length - 2];
        if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) return;
        if ((parent.type === 'Property' || parent.type === 'MethodDefinition') && parent.key === node && !parent.computed) return;
        if (parent.type === 'Property' && parent.shorthand) throw new Error('global aliases: shorthand property ' + node.name);
        const declares =
          (parent.type === 'VariableDeclarator' && parent.id === node) ||
          (/Function/.test(parent.type) && (parent.id === node || parent.params.indexOf(node) >= 0)) ||
          (parent.type === 'CatchClause' && parent.param === node) ||
          parent.type === 'ClassDeclaration';
        if (declares) throw new Error('global aliases: the bundle declares its own ' + node.name);
        references.push(node);
      });
      const used = ALIASED_GLOBALS.filter((name) => references.some((r) => r.name === name));
      if (used.length === 0) return null;
      const out = new MagicString(code);
      for (const r of references) out.overwrite(r.start, r.end, '$$' + r.name);
      out.appendLeft(wrapper.body.start + 1, 'var ' + used.map((name) => '$$' + name + '=' + name).join(',') + ';');
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}

/**
 * The firmware's parts: code needed only sometimes, kept out of `.bootcde` so that at rest only the clock's own
 * code holds RAM (docs/firmware.md). `name` is the part's name in firmware/runtime/parts.ts, `file` its Storage
 * file (at most 28 characters) and the file's name in dist/, `entry` the module whose default export is the part.
 */
const PARTS = [
  { name: 'console', file: 'gcp.console', entry: 'firmware/parts/console-part.ts' },
  { name: 'menu', file: 'gcp.menu', entry: 'firmware/parts/menu-part.ts' },
  { name: 'restore', file: 'gcp.restore', entry: 'firmware/parts/restore-part.ts' },
  { name: 'voice', file: 'gcp.voice', entry: 'firmware/parts/voice-part.ts' },
];

/** The variable rollup's IIFE output assigns the part to; `partExpression` turns the assignment into the value. */
const PART_VARIABLE = 'goclockPart';

/**
 * After terser: `var goclockPart=function(){…}();` becomes `(function($S){…})`, an expression whose value is a
 * function of the registry of what `.bootcde` shares (see sharedImports), which gives the part; the loader evaluates
 * it and calls it (a statement would evaluate to nothing, and a top-level `var` would be a global). The function
 * terser wrote is not kept around its statements: Espruino would read its whole text once more at every load, to
 * make it before calling it (scripts/root-level.cjs `checkMovable` refuses statements that would mean something else
 * outside it: its `this`, its `arguments`).
 */
function partExpression() {
  return {
    name: 'goclock-part-expression',
    renderChunk(code) {
      const acorn = require('acorn');
      const eslintScope = require('eslint-scope');
      const MagicString = require('magic-string');
      const { checkMovable } = require('./root-level.cjs');
      const program = acorn.parse(code, { ecmaVersion: 2020, sourceType: 'script', ranges: true });
      const only = program.body.length === 1 ? program.body[0] : null;
      const d = only && only.type === 'VariableDeclaration' && only.declarations.length === 1 ? only.declarations[0] : null;
      const call = d && d.id.name === PART_VARIABLE && d.init && d.init.type === 'CallExpression' ? d.init : null;
      const fn = call && call.arguments.length === 0 && call.callee.type === 'FunctionExpression' ? call.callee : null;
      if (!fn || fn.params.length || fn.id) throw new Error('part: the output is not `var ' + PART_VARIABLE + '=function(){…}();`');
      const manager = eslintScope.analyze(program, { ecmaVersion: 2020, sourceType: 'script' });
      const scope = manager.acquire(fn);
      checkMovable(fn, scope, true);
      if (scope.set.has(SHARED_VARIABLE)) throw new Error('part: its code declares ' + SHARED_VARIABLE + ', the registry\'s name');
      const out = new MagicString(code);
      out.overwrite(0, fn.body.start + 1, '(function(' + SHARED_VARIABLE + '){');
      out.overwrite(fn.body.end - 1, code.length, '})');
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}

/**
 * A part's file as Storage holds it (scripts/pretokenise.cjs, as the CLI stores `.bootcde`), its length and standard
 * CRC-32 as the loader checks them (what `.bootcde`'s manifest holds).
 */
function partFacts(code) {
  const stored = storedForm(code);
  return { stored: stored, bytes: stored.length, crc: zlib.crc32(stored) };
}

/** Code as Storage holds it, pretokenised; a part's is asked for twice per build (its size, its manifest entry). */
const storedForms = new Map();
function storedForm(code) {
  if (!storedForms.has(code)) storedForms.set(code, Buffer.from(tokenise(code), 'latin1'));
  return storedForms.get(code);
}

/** Board names: every boards/*.ts except the type file board.ts. */
function boardNames(root = ROOT) {
  return fs
    .readdirSync(path.join(root, 'boards'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && f !== 'board.ts')
    .map((f) => f.slice(0, -'.ts'.length))
    .sort();
}

/**
 * The screen module of each display kind (boards/device/*-screen.ts): a bundle imports only its board's, so that it
 * carries one display driver and one layout.
 */
const SCREENS = {
  console: { file: 'console-screen.ts', name: 'consoleScreen' },
  'hd44780-pcf8574': { file: 'lcd-screen.ts', name: 'lcdScreen' },
  ssd1306: { file: 'oled-screen.ts', name: 'oledScreen' },
};

/** The display kind a board file names (`display: { kind: '…' }`, written as a literal: boards are data). */
function displayKindOf(board, root = ROOT) {
  const text = fs.readFileSync(path.join(root, 'boards', board + '.ts'), 'utf8');
  const match = /display:\s*\{\s*kind:\s*['"]([^'"]+)['"]/.exec(text);
  if (!match) throw new Error(`boards/${board}.ts: no display kind written as \`display: { kind: '…' }\``);
  if (!Object.prototype.hasOwnProperty.call(SCREENS, match[1])) {
    throw new Error(`boards/${board}.ts: display kind ${JSON.stringify(match[1])} has no screen module (known: ${Object.keys(SCREENS).join(', ')})`);
  }
  return match[1];
}

/**
 * The IO module of each kind (hal/espruino/board-io.ts): a board that names button pins takes pin-io, the console
 * board console-io, and a bundle imports only its own, so that an ESP32 bundle carries no console driver.
 */
const IOS = {
  pins: { file: 'pin-io.ts', name: 'pinIo' },
  console: { file: 'console-io.ts', name: 'consoleIo' },
};

/** The IO kind of a board file: `pins` when it names button pins (`buttons: { … }`, a literal: boards are data). */
function ioKindOf(board, root = ROOT) {
  const text = fs.readFileSync(path.join(root, 'boards', board + '.ts'), 'utf8');
  return /^\s*buttons:\s*\{/m.test(text) ? 'pins' : 'console';
}

/**
 * The virtual entry module of one board, as source, given the parts' manifest (`manifest`: {name: { bytes, crc, keys
 * }}) and what `.bootcde` shares with them (`shared`: [{ key, id, name }], see `sharedKeys`). Both go to `boot` in one
 * function of a part's name (boards/device/storage-parts.ts `PartsInfo`): its text stays in flash, and it makes only
 * the asked part's length, CRC-32 and registry, when the part is loaded (the manifest as data would hold ~30 JsVars
 * all the time; a registry of every part's exports, held as long as a part is, about 20 more than the menu's own).
 * Paths are absolute, so the entry works from any cwd.
 */
function entrySource(board, root = ROOT, manifest = {}, shared = []) {
  const boardFile = path.join(root, 'boards', board + '.ts');
  const bootFile = path.join(root, 'boards', 'device', 'boot.ts');
  const screen = SCREENS[displayKindOf(board, root)];
  const screenFile = path.join(root, 'boards', 'device', screen.file);
  const io = IOS[ioKindOf(board, root)];
  const ioFile = path.join(root, 'hal', 'espruino', io.file);
  const imports = shared.map((s, i) => `import { ${s.name} as $shared${i} } from ${JSON.stringify(s.id)};\n`).join('');
  const local = {};
  shared.forEach((s, i) => (local[s.key] = '$shared' + i));
  const cases = Object.keys(manifest).map((name) => {
    const part = manifest[name];
    const registry = '{ ' + part.keys.map((key) => key + ': ' + local[key]).join(', ') + ' }';
    return `    case ${JSON.stringify(name)}: return { entry: [${part.bytes}, ${part.crc}], shared: ${registry} };\n`;
  });
  return (
    `import board from ${JSON.stringify(boardFile)};\n` +
    `import { boot } from ${JSON.stringify(bootFile)};\n` +
    `import { ${screen.name} } from ${JSON.stringify(screenFile)};\n` +
    `import { ${io.name} } from ${JSON.stringify(ioFile)};\n` +
    imports +
    `boot(board, ${screen.name}, ${io.name}, function (name) {\n  switch (name) {\n${cases.join('')}    default: return undefined;\n  }\n});\n`
  );
}

/**
 * What `.bootcde` can share with the parts: for each module, the exports every board's bundle keeps after
 * tree-shaking ({ moduleId: [name] }), from a rollup pass over each board's entry without terser. A part takes these
 * from `.bootcde` (sharedImports) instead of carrying a copy, so each module's code is in Storage once, and a loaded
 * part adds RAM only for the functions of its own.
 */
async function bootExports(root, options = {}) {
  const { rollup } = require('rollup');
  let common = null;
  for (const board of boardNames(root)) {
    const config = bundleConfig(board, Object.assign({}, options, { root, entrySource: entrySource(board, root, {}), shared: null }));
    const { output, ...input } = config;
    input.onwarn = () => undefined;
    const bundle = await rollup(input);
    try {
      const generated = await bundle.generate({ format: 'es' });
      const kept = {};
      for (const chunk of generated.output) {
        if (chunk.type !== 'chunk') continue;
        const once = usedOnce(chunk.code);
        for (const id of Object.keys(chunk.modules)) {
          if (id.startsWith('\0') || /node_modules/.test(id)) continue;
          const names = chunk.modules[id].renderedExports.filter((n) => !once[n]);
          if (names.length) kept[id] = names;
        }
      }
      if (common === null) common = kept;
      else {
        for (const id of Object.keys(common)) {
          common[id] = kept[id] ? common[id].filter((n) => kept[id].indexOf(n) >= 0) : [];
          if (!common[id].length) delete common[id];
        }
      }
    } finally {
      await bundle.close();
    }
  }
  return common || {};
}

/**
 * The bundle's top-level declarations terser writes where they are used, which are not to be shared. Small ones used
 * once: terser writes such a function where it is used (see
 * TERSER_OPTIONS, reduce_funcs), so sharing it would make it a function of its own again, ~7 JsVars all the time,
 * for a few hundred bytes in a part. A big one (SHARE_ONCE_CHARS and more before terser: the adjustments' check,
 * describing a control, a record line read) is shared all the same: its copy would cost a kilobyte or more of flash.
 * (A copy reaches whatever it uses that is shared through the registry: see sharedImports.)
 * By name, counting every identifier of that name (a name also used in another scope only looks used more often:
 * then it is shared, which costs at most those 7 JsVars).
 */
const SHARE_ONCE_CHARS = 900;

function usedOnce(code) {
  const acorn = require('acorn');
  const walk = require('acorn-walk');
  const ast = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  const declared = {};
  for (const node of ast.body) {
    const d = node.type === 'ExportNamedDeclaration' && node.declaration ? node.declaration : node;
    if (d.type === 'FunctionDeclaration' && d.id) declared[d.id.name] = d;
    if (d.type === 'VariableDeclaration') for (const v of d.declarations) if (v.id.type === 'Identifier') declared[v.id.name] = v;
  }
  const count = {};
  walk.full(ast, (node) => {
    if (node.type === 'Identifier' && declared[node.name] !== undefined) count[node.name] = (count[node.name] || 0) + 1;
  });
  const once = {};
  // The declaration's own name is one of the identifiers, so a name used once is counted twice.
  for (const name of Object.keys(declared)) {
    const d = declared[name];
    if (count[name] <= 2 && d.end - d.start < SHARE_ONCE_CHARS) once[name] = true;
    // terser writes these where they are used however often (inline 1; a constant's value), so sharing them would
    // only make them exist: a function without parameters that returns one expression (a table, the defaults), and
    // a constant.
    const fn = d.type === 'FunctionDeclaration' ? d : d.init && /Function/.test(d.init.type) ? d.init : null;
    if (fn && fn.params.length === 0 && fn.body.type === 'BlockStatement' && fn.body.body.length === 1 && fn.body.body[0].type === 'ReturnStatement') once[name] = true;
    if (d.type === 'VariableDeclarator' && d.init && (d.init.type === 'Literal' || d.init.type === 'BinaryExpression' || d.init.type === 'UnaryExpression')) once[name] = true;
  }
  return once;
}

/** Where a part finds what `.bootcde` shares with it: the parameter of the function a part's file evaluates to. */
const SHARED_VARIABLE = '$S';
const SHARED_PREFIX = '\0goclock-shared:';

/**
 * Each shared export's key in the registry: a short name of its own (`s` and a number in base 36: the registry's keys
 * are written in `.bootcde` and in each part, and export names would cost about 10 bytes a key more in each).
 * [{ key, id, name }], in a fixed order.
 */
function sharedKeys(kept, root = ROOT) {
  const all = [];
  for (const id of Object.keys(kept).sort((a, b) => path.relative(root, a).localeCompare(path.relative(root, b)))) {
    for (const name of kept[id].slice().sort()) all.push({ id, name });
  }
  return all.map((e, i) => ({ key: 's' + i.toString(36), id: e.id, name: e.name }));
}

/**
 * A part's build: in every module `.bootcde` shares, each declaration of a shared export becomes a read of the
 * registry (`export function f(…){…}` -> `export var f = $S.key;`), after TypeScript and Babel. What the part uses
 * of the module besides is bundled from the module as usual (tree-shaken to it), and reaches the shared ones, from
 * the part's other modules or from within the module itself, through the registry: nothing `.bootcde` holds is
 * copied. Declarations keep their place, so the order Espruino needs (no hoisting) is the source's.
 */
function sharedImports(keys) {
  const acorn = require('acorn');
  const MagicString = require('magic-string');
  const byId = {};
  for (const k of keys) (byId[k.id] = byId[k.id] || {})[k.name] = k.key;
  return {
    name: 'goclock-shared-imports',
    transform(code, id) {
      const shared = byId[id];
      if (!shared) return null;
      const ast = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
      const out = new MagicString(code);
      // Local names exported as themselves (`export { a, b }`), beside `export function a` / `export const a`.
      const exportedAs = {};
      for (const node of ast.body) {
        if (node.type === 'ExportNamedDeclaration' && !node.declaration && !node.source) {
          for (const sp of node.specifiers) exportedAs[sp.local.name] = sp.exported.name;
        }
      }
      const read = (name) => 'var ' + name + ' = ' + SHARED_VARIABLE + '.' + shared[name] + ';';
      for (const node of ast.body) {
        const exported = node.type === 'ExportNamedDeclaration' && node.declaration;
        const d = exported ? node.declaration : node;
        let name = null;
        if (d.type === 'FunctionDeclaration' && d.id) name = d.id.name;
        else if (d.type === 'VariableDeclaration' && d.declarations.length === 1 && d.declarations[0].id.type === 'Identifier') name = d.declarations[0].id.name;
        if (name === null) continue;
        const as = exported ? name : exportedAs[name];
        if (as === undefined || shared[as] === undefined || as !== name) continue;
        out.overwrite(d.start, d.end, read(name));
      }
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}

/** The registry keys a built part reads (`$S.key`). */
function sharedKeysUsed(code) {
  const used = {};
  const re = new RegExp('\\' + SHARED_VARIABLE + '\\.([A-Za-z_$][\\w$]*)', 'g');
  let m;
  while ((m = re.exec(code)) !== null) used[m[1]] = true;
  return used;
}

/** A rollup plugin that serves one virtual module `id` with the given source (or a function resolving to it). */
function virtualEntry(id, source) {
  return {
    name: 'goclock-entry',
    resolveId(importee) {
      return importee === id ? id : null;
    },
    load(loadId) {
      if (loadId !== id) return null;
      return typeof source === 'function' ? source() : source;
    },
  };
}

/** Sizes of one bundle: before terser, after terser (the file), as Storage holds it (pretokenised), gzipped. */
function sizeReport(onReport) {
  let rawCode = '';
  const measureRaw = {
    name: 'goclock-size-raw',
    renderChunk(code) {
      rawCode = code;
      return null;
    },
  };
  const report = {
    name: 'goclock-size',
    generateBundle(outputOptions, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const minified = Buffer.from(chunk.code);
        onReport({
          file: outputOptions.file || chunk.fileName,
          rawCode,
          rawBytes: Buffer.byteLength(rawCode),
          modules: chunk.moduleIds.filter((id) => !id.startsWith('\0')),
          bytes: minified.length,
          storedBytes: storedForm(chunk.code).length,
          gzipBytes: zlib.gzipSync(minified, { level: 9 }).length,
        });
      }
    },
  };
  return { measureRaw, report };
}

/** "dist/x.js: 1234 bytes minified (5678 before terser), 1050 stored pretokenised, 456 bytes gzipped" */
function formatSize(s) {
  const rel = path.relative(process.cwd(), s.file);
  const file = rel && !rel.startsWith('..') ? rel : s.file;
  return `${file}: ${s.bytes} bytes minified (${s.rawBytes} before terser), ${s.storedBytes} stored pretokenised, ${s.gzipBytes} bytes gzipped`;
}

/**
 * The rollup options (input and output together, as in a config file) for one bundle.
 * options: root, outDir (default <root>/dist), file (default <outDir>/<name>.js), entrySource (default: the board
 * entry of `name`; files it imports must be in the tsconfig's program), tsconfig (default <root>/tsconfig.build.json),
 * onSize(size) (default: print one line), terserWorkers (default: terser's own choice).
 */
function bundleConfig(name, options = {}) {
  const root = options.root || ROOT;
  const outDir = options.outDir || path.join(root, 'dist');
  const part = options.part || null;
  const shared = part && options.shared ? options.shared : null;
  const file = options.file || path.join(outDir, (part ? part.file : name) + '.js');
  const entryId = '\0goclock-entry:' + name;
  // A board's entry names its parts' manifest, so the parts are built first (once per output folder).
  const source = part
    ? null
    : options.entrySource !== undefined
      ? options.entrySource
      : () => builtParts(root, outDir, options).then((built) => entrySource(name, root, built.manifest, built.shared));
  const onSize = options.onSize || ((s) => console.log(formatSize(s)));

  const typescript = require('@rollup/plugin-typescript');
  const { babel } = require('@rollup/plugin-babel');
  const terser = require('@rollup/plugin-terser');
  const sizes = sizeReport(onSize);

  return {
    input: part ? path.join(root, part.entry) : entryId,
    // A bare read of a global has no effect we want to keep: without this, tslib's unused
    // `typeof SuppressedError === "function" && SuppressedError` stays in every bundle that uses a helper.
    // In a part, `var x = $S.key` (sharedImports) is kept only where x is used.
    treeshake: shared ? { unknownGlobalSideEffects: false, propertyReadSideEffects: false } : { unknownGlobalSideEffects: false },
    plugins: (part ? [] : [virtualEntry(entryId, source)]).concat([
      typescript({
        tsconfig: options.tsconfig || path.join(root, 'tsconfig.build.json'),
        filterRoot: root,
        outputToFilesystem: false,
        // These are the only options rollup needs in the emitted code; the rest comes from tsconfig.build.json.
        compilerOptions: { target: 'ES2015', module: 'ESNext', noEmit: false },
      }),
      babel({
        babelHelpers: 'bundled',
        babelrc: false,
        configFile: false,
        extensions: ['.ts', '.js'],
        exclude: /node_modules/,
        plugins: [espruinoGuardPlugin].concat(BABEL_PLUGINS.map((p) => require(p))),
        assumptions: BABEL_ASSUMPTIONS,
      }),
    ], shared ? [sharedImports(shared)] : []),
    onwarn(warning, warn) {
      // Type errors are the typecheck's job; still show them, once, with their location.
      warn(warning);
    },
    output: {
      file,
      format: 'iife',
      name: part ? PART_VARIABLE : undefined,
      exports: part ? 'default' : undefined,
      strict: false,
      esModule: false,
      freeze: false, // no Object.freeze (missing on Espruino) around namespace objects
      generatedCode: { preset: 'es5', symbols: false, arrowFunctions: false, constBindings: false, objectShorthand: false },
      sourcemap: 'hidden', // dist/<board>.js.map for reading Espruino's line/col; no comment is uploaded
      plugins: [
        globalAliasPlugin(),
        sizes.measureRaw,
        terser(
          options.terserWorkers ? Object.assign({ maxWorkers: options.terserWorkers }, TERSER_OPTIONS) : TERSER_OPTIONS,
        ),
      ].concat(part ? [partExpression()] : [rootLevelPlugin([SHARED_VARIABLE])], [sizes.report]),
    },
  };
}

/** The parts built into each output folder by this process: the folder's manifest and shared exports, once. */
const partsBuilt = new Map();

/**
 * Builds every part (PARTS) into `outDir` as dist/<file>.js and, pretokenised as Storage holds it, dist/<file>; once
 * per folder per process, each taking from `.bootcde` what every board's `.bootcde` holds (bootExports), and resolves
 * to what the boards' entries carry: the manifest { name: { bytes, crc, keys } } (the stored file's length and CRC-32,
 * the shared exports the part reads) and every shared export some part reads, [{ key, id, name }].
 */
function builtParts(root, outDir, options = {}) {
  const key = path.resolve(root) + '\0' + path.resolve(outDir);
  if (!partsBuilt.has(key)) {
    const build = (async () => {
      const keys = sharedKeys(await bootExports(root, options), root);
      const manifest = {};
      const used = {};
      for (const part of PARTS) {
        const built = await buildBundle(part.name, Object.assign({}, options, {
          root, outDir, part, shared: keys, entrySource: undefined, file: undefined, onSize: options.onSize || ((s) => console.log(formatSize(s))),
        }));
        // The loader reads gcp.<name> (boards/device/storage-parts.ts): the manifest holds only [bytes, crc].
        if (part.file !== 'gcp.' + part.name) throw new Error('part ' + part.name + ': its file must be gcp.' + part.name);
        const facts = partFacts(built.code);
        fs.writeFileSync(path.join(outDir, part.file), facts.stored);
        const reads = sharedKeysUsed(built.code);
        manifest[part.name] = { bytes: facts.bytes, crc: facts.crc, keys: keys.filter((k) => reads[k.key]).map((k) => k.key) };
        Object.assign(used, reads);
      }
      return { manifest, shared: keys.filter((k) => used[k.key]) };
    })();
    partsBuilt.set(key, build);
    build.catch(() => partsBuilt.delete(key));
  }
  return partsBuilt.get(key);
}

/**
 * The part files of an output folder that its boards' bundles load: [{ name, file, path, stored }]: `path` the
 * JavaScript (checked, source-mapped), `stored` the same pretokenised, as Storage holds it under `file`.
 */
function partFiles(outDir) {
  return PARTS.map((part) => ({ name: part.name, file: part.file, path: path.join(outDir, part.file + '.js'), stored: path.join(outDir, part.file) }));
}

/**
 * Build one bundle with rollup's JS API (options as bundleConfig, plus onWarnings(warnings)); resolves to
 * { file, code (the file, latin1), rawCode (before terser), rawBytes, bytes, storedBytes (pretokenised), gzipBytes,
 * modules (source files in it), warnings }.
 */
async function buildBundle(name, options = {}) {
  const { rollup } = require('rollup');
  let size;
  const config = bundleConfig(name, Object.assign({}, options, { onSize: (s) => (size = s) }));
  const { output, ...input } = config;
  const warnings = [];
  input.onwarn = (warning) => warnings.push(warning);
  const bundle = await rollup(input);
  try {
    await bundle.write(output);
  } finally {
    await bundle.close();
  }
  if (options.onSize) options.onSize(size);
  if (options.onWarnings && warnings.length) options.onWarnings(warnings);
  return Object.assign({ code: fs.readFileSync(output.file, 'latin1'), warnings }, size);
}

module.exports = {
  ROOT,
  PARTS,
  builtParts,
  partFiles,
  partFacts,
  displayKindOf,
  ioKindOf,
  BABEL_PLUGINS,
  BABEL_ASSUMPTIONS,
  TERSER_OPTIONS,
  espruinoGuardPlugin,
  boardNames,
  entrySource,
  bundleConfig,
  buildBundle,
  formatSize,
};
