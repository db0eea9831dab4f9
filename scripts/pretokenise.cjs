/**
 * The firmware's code as Storage holds it: pretokenised by EspruinoTools' own pretokeniser (the `espruino` package's
 * plugins/pretokenise.js, the CLI's `--config PRETOKENISE=2`). Every reserved word and operator of two or more
 * characters becomes one byte (128 and up), every string literal of 8-bit characters its length and raw bytes, every
 * integer literal one to three bytes; Espruino's lexer reads those bytes as the tokens themselves wherever it finds
 * them (`.bootcde`, a part evaluated from Storage). The interpreter reads a function's whole text at every call, so
 * fewer bytes to read (about 15 % fewer) and no keyword or number to scan make every call, wake-up and boot cheaper,
 * and the code smaller in flash.
 *
 * The plugin is the library's file as published, run in a context holding only what it reads: its configuration
 * (always tokenise strings and integers, as the CLI does with PRETOKENISE=2), the board's version (2v29, which
 * reads raw strings and integers), and `atob` (standard base64, for a literal written `atob("…")`). The CLI tokenises
 * `.bootcde` itself as it uploads (scripts/flash.mjs passes it the same setting); sim/espruino/flash-image.ts checks
 * the stored bytes against `tokenise` here, so the two can never differ unnoticed.
 */
'use strict';

const fs = require('fs');
const vm = require('vm');

/** The setting scripts/flash.mjs gives the espruino CLI, so that it tokenises `.bootcde` as `tokenise` does. */
const CLI_SETTING = 'PRETOKENISE=2';

let plugin = null;

function load() {
  if (plugin) return plugin;
  const context = {
    acorn: require('acorn'),
    console: console,
    Espruino: {
      Core: {
        Config: { add() {} },
        Env: { getBoardData: () => ({ VERSION: '2v29' }) },
        Utils: {
          atob: (text) => Buffer.from(text, 'base64').toString('latin1'),
          toJSONishString: (text) => JSON.stringify(text),
        },
      },
      Config: { PRETOKENISE: 2, SAVE_ON_SEND: 1 },
      addProcessor() {},
      Plugins: {},
    },
  };
  vm.createContext(context);
  const file = require.resolve('espruino/plugins/pretokenise.js');
  vm.runInContext(fs.readFileSync(file, 'utf8'), context, { filename: file });
  plugin = context.Espruino.Plugins.Pretokenise;
  if (!plugin || typeof plugin.tokenise !== 'function') throw new Error(file + ' did not register the pretokeniser');
  return plugin;
}

/** `code` (JavaScript, ASCII as terser writes it) as Storage holds it: one character a byte (latin1). */
function tokenise(code) {
  return load().tokenise(code);
}

/** The lexer's raw literals (jslex.h): a string of up to 255 or 65535 bytes, an integer 0, of 8 or of 16 bits. */
const RAW_STRING8 = 0xd1;
const RAW_STRING16 = 0xd2;
const RAW_INT0 = 0xd3;
const RAW_INT8 = 0xd4;
const RAW_INT16 = 0xd5;

/**
 * Stored code back to JavaScript, read as Espruino's lexer reads it: a raw integer is signed (the library's own
 * `untokenise`, written for showing code, reads -1 as 255), a raw string is its bytes, any other byte from 128 up is
 * the token the library spells it as. For the checks that the stored code is the same program, and for Node standing
 * in for the interpreter.
 */
function untokenise(stored) {
  const spell = load().untokenise;
  let out = '';
  for (let i = 0; i < stored.length; i++) {
    const ch = stored.charCodeAt(i);
    if (ch < 128) out += stored[i];
    else if (ch === RAW_STRING8 || ch === RAW_STRING16) {
      const wide = ch === RAW_STRING16;
      const length = stored.charCodeAt(i + 1) | (wide ? stored.charCodeAt(i + 2) << 8 : 0);
      const from = i + (wide ? 3 : 2);
      out += JSON.stringify(stored.substring(from, from + length));
      i = from + length - 1;
    } else if (ch === RAW_INT0) out += ' 0 ';
    else if (ch === RAW_INT8) {
      out += ' ' + ((stored.charCodeAt(i + 1) << 24) >> 24) + ' ';
      i += 1;
    } else if (ch === RAW_INT16) {
      out += ' ' + (((stored.charCodeAt(i + 1) | (stored.charCodeAt(i + 2) << 8)) << 16) >> 16) + ' ';
      i += 2;
    } else out += ' ' + spell(stored[i]) + ' ';
  }
  return out;
}

module.exports = { CLI_SETTING, tokenise, untokenise };
