/**
 * What the bundle checker refuses because the interpreter gets it wrong, shown on the interpreter itself: each
 * snippet gives a different answer on Espruino 2v29 than on V8, the checker refuses it with its rule, and the form
 * the build writes instead gives V8's answer on both and passes the checker. So a rule cannot be left in place
 * after the interpreter stops needing it, nor missed while it still does.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vm from 'vm';
import { cleanOutput, interpreterPath } from '../../sim/espruino/interpreter';
import { checker } from '../bundle/scripts';
import { describeOnEspruino } from './support';

jest.setTimeout(60000);

/** Runs `code` (which calls `result(value)`) from RAM on espruino-12k and returns the value it printed. */
function onEspruino(code: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-claim-'));
  const file = path.join(dir, 'claim.js');
  fs.writeFileSync(file, 'function result(v){print("@@"+"result="+JSON.stringify(v));}\n' + code + '\n');
  try {
    // stdin stays an open pipe (at end of input the host build reads garbage); it exits when no timer is left.
    const out = execFileSync(interpreterPath('espruino-12k'), [file], { cwd: dir, input: '', timeout: 20000, stdio: ['pipe', 'pipe', 'pipe'] });
    const line = cleanOutput(out.toString('latin1')).split('\n').find((l) => l.startsWith('@@result='));
    return line === undefined ? 'no result: ' + cleanOutput(out.toString('latin1')) : line.slice('@@result='.length);
  } catch (e) {
    const out = (e as { stdout?: Buffer }).stdout;
    const line = out && cleanOutput(out.toString('latin1')).split('\n').find((l) => l.startsWith('@@result='));
    if (line) return line.slice('@@result='.length);
    throw e;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function onV8(code: string): string {
  let value = 'no result';
  vm.runInNewContext(code, { result: (v: unknown) => (value = JSON.stringify(v)), Math: Math });
  return value;
}

const claims: Array<{ rule: string; refused: string; instead: string }> = [
  {
    rule: 'length-assignment',
    refused: 'var a = [1, 2, 3]; try { a.length = 1; result(a); } catch (e) { result("threw"); }',
    instead: 'var a = [1, 2, 3]; a.splice(1, 2); result(a);',
  },
  {
    rule: 'case-literal',
    refused: 'function f(e) { var n = 0; switch (e.system) { case "byoyomi": "overtime" === e.phase && (n = 1); break; } return n; } result(f({ system: "byoyomi", phase: "overtime" }));',
    instead: 'function f(e) { var n = 0; switch (e.system) { case "byoyomi": e.phase === "overtime" && (n = 1); break; } return n; } result(f({ system: "byoyomi", phase: "overtime" }));',
  },
  {
    rule: 'var-hoisting',
    refused: '(function () { function r(e) { return "fit:" + e; } function q(e) { return (t = e, r = Math.floor(t / 1e3), r); var t, r; } q(5000); result(typeof r); })();',
    instead: '(function () { function r(e) { return "fit:" + e; } function q(e) { var t = e, r = Math.floor(t / 1e3); return r; } q(5000); result(typeof r); })();',
  },
];

describeOnEspruino('each construct the checker refuses for the interpreter\'s sake', () => {
  test.each(claims)('$rule: wrong on Espruino, refused; what the build writes instead is right and passes', ({ rule, refused, instead }) => {
    expect(onEspruino(refused)).not.toBe(onV8(refused));
    expect(checker.checkSource(refused).map((p) => p.rule)).toContain(rule);
    expect(onEspruino(instead)).toBe(onV8(instead));
    expect(checker.checkSource(instead)).toEqual([]);
  });
});
