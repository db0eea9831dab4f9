/**
 * Log entries leave the core as effects with a kind and a side as well as words: the menu's log reader finds the
 * game's start by its kind, and a host can colour or filter lines by side.
 */
import { createClock, step } from '../../firmware/clock/clock';
import { ClockEvent, ClockState } from '../../firmware/clock/clock-types';
import { LogEntry } from '../../firmware/clock/game-log';

test('each entry has the kind of what happened and the side that did it (null: the arbiter)', () => {
  let state: ClockState = createClock({ system: 'absolute', mainMs: 600000 });
  const entries: LogEntry[] = [];
  const events: [ClockEvent, number][] = [
    [{ type: 'press', side: 'white' }, 0],
    [{ type: 'press', side: 'black' }, 4000],
    [{ type: 'press', side: 'black' }, 5000],
    [{ type: 'pause' }, 6000],
    [{ type: 'resume' }, 7000],
    [{ type: 'adjust', side: 'black', deltaMs: 1000 }, 8000],
    [{ type: 'start' }, 9000],
  ];
  for (const [event, atMs] of events) {
    const r = step(state, event, atMs);
    state = r.state;
    for (const e of r.effects) if (e.type === 'log') entries.push(e.entry);
  }
  expect(entries.map((e) => [e.atMs, e.kind, e.side])).toEqual([
    [0, 'start', 'white'],
    [4000, 'move', 'black'],
    [5000, 'ignored', 'black'],
    [6000, 'pause', null],
    [7000, 'resume', null],
    [8000, 'adjust', 'black'],
    [9000, 'ignored', null],
  ]);
});
