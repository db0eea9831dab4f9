/**
 * The console API's fuzz on the real interpreter (espruino-12k, the console board booted from Storage, on virtual
 * time): random calls with right, junk and odd-named arguments between random presses (test/fuzz/console-steps.ts),
 * played on two boards alike, one of which writes over every answer at every depth right after the call. Both must
 * end alike: the same answers, the same status and log, and the same Storage, file by file (settings, journal,
 * record). The same in V8, with more runs: test/fuzz/console-mutation.test.ts.
 */
import fc from 'fast-check';
import { VirtualConsoleBoard } from '../../sim/espruino/virtual-time';
import { settingsFor } from './twin';
import { describeOnEspruino, GAME_TIMEOUT_MS, virtualConsole } from './support';
import { POISON } from './console-poison';
import { CONTROL, Step, stepArb } from '../fuzz/console-steps';
import { TimeControl } from '../../firmware/clock/control';

jest.setTimeout(6 * GAME_TIMEOUT_MS);

/** One expression playing `steps` from the board's time now; its value: the answers, then the board's end, as JSON. */
function script(steps: Step[], mutate: boolean): string {
  const body: string[] = ['var answers=[],t=VT.t,a;'];
  for (const step of steps) {
    if ('press' in step) {
      body.push('t+=' + step.gapMs + ';VT.run(t);VT.edge("' + step.press + '",true);t+=40;VT.run(t);VT.edge("' + step.press + '",false);');
    } else {
      body.push('a=goclock.' + step.call + '.apply(goclock,JSON.parse(' + JSON.stringify(step.args) + '));answers.push("' + step.call + ' "+JSON.stringify(a));');
      if (mutate) body.push('poison(a,0);');
    }
  }
  body.push('VT.run(t+1000);');
  // Storage file by file (a StorageFile's chunks are listed as files of their own), each by its length and CRC-32.
  body.push('var files={};require("Storage").list().forEach(function(n){var f=require("Storage").read(n);files[n]=f.length+" "+E.CRC32(f);});');
  body.push('return JSON.stringify({answers:answers,status:goclock.status(),log:goclock.log(0,20),files:files});');
  return '(function(){' + body.join('') + '})()';
}

async function played(steps: Step[], mutate: boolean): Promise<{ answers: string[]; status: unknown; log: unknown; files: { [name: string]: string } }> {
  const settings = Object.assign(settingsFor(CONTROL as TimeControl), { arbiterCode: '2468' });
  const board: VirtualConsoleBoard = await virtualConsole({ settingsText: JSON.stringify(settings) });
  try {
    if (mutate) await board.evaluate(POISON);
    const out = JSON.parse(await board.evaluate(script(steps, mutate)));
    expect(board.failures()).toEqual([]);
    return out;
  } finally {
    await board.stop();
  }
}

describeOnEspruino('the console API on the interpreter against changed answers', () => {
  it('every answer written over at every depth: the same answers, status, log and Storage as without', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 4, maxLength: 16 }), async (steps) => {
        const plain = await played(steps, false);
        const mutated = await played(steps, true);
        expect(mutated).toEqual(plain);
      }),
      { numRuns: 6, seed: 21 },
    );
  });
});
