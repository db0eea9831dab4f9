/**
 * Events a caller should never send (the scenario runner and the runtime check them first): the core refuses them
 * with a log line naming what is wrong, and the clock is exactly as it was.
 */
import { createClock, step } from '../../firmware/clock/clock';
import { ClockEvent, ClockState } from '../../firmware/clock/clock-types';
import { view } from '../../firmware/display/view';

function running(): ClockState {
  const ready = createClock({ system: 'absolute', mainMs: 600000 });
  return step(ready, { type: 'start' }, 0).state;
}

describe('the core refuses what no caller may send', () => {
  test.each([
    ['a press by no side', { type: 'press' }, 'press refused: side must be "black" or "white"'],
    ['a press by an unknown side', { type: 'press', side: 'grey' }, 'press refused: side must be "black" or "white"'],
    ['a pause by an unknown side', { type: 'pause', side: 'grey' }, 'pause refused: side must be "black" or "white" or none'],
  ])('%s', (_name, event, text) => {
    const state = running();
    const result = step(state, event as unknown as ClockEvent, 5000);
    expect(result.effects).toEqual([{ type: 'log', entry: { atMs: 5000, side: null, kind: 'refused', text } }]);
    expect(view(result.state, 6000)).toEqual(view(state, 6000));
  });

  test('a pause by a side or by nobody is taken', () => {
    expect(view(step(running(), { type: 'pause', side: 'white' }, 5000).state, 5000).status).toBe('paused');
    expect(view(step(running(), { type: 'pause' }, 5000).state, 5000).status).toBe('paused');
  });
});
