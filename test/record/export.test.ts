/**
 * The record exported (firmware/storage/record-export.ts) from games the scripted simulator plays: the SGF read back by a
 * real parser (@sabaki/sgf) agrees with the scenario's report, the CSV holds every entry, and the device path (raw
 * button edges, a chord's take-back) records the same game as the core path.
 */
import fc from 'fast-check';
import { csvObjects, exported, ms, parseSgf, played, sideNodes } from './helpers';
import { Hands } from '../../sim/hands';


/** A byo-yomi game with a pause and a correction, White's flag ending it. */
const BYOYOMI_GAME = {
  control: { system: 'byoyomi', mainMs: 20000, periods: 3, periodMs: 10000 },
  events: [
    { atMs: 0, type: 'press', side: 'white' },
    { atMs: 5000, type: 'press', side: 'black' }, // 5 s used, 15 s main left
    { atMs: 12000, type: 'press', side: 'white' }, // 7 s used, 13 s main left
    { atMs: 30000, type: 'press', side: 'black' }, // 18 s: main time, then 3 s of a period (refilled)
    { atMs: 40000, type: 'pause' },
    { atMs: 45000, type: 'adjust', side: 'black', deltaMs: 5000 }, // 15 s in Black's current period
    { atMs: 50000, type: 'resume' },
    { atMs: 60000, type: 'press', side: 'white' }, // 10 s + 10 s: main time, then 7 s of a period
    { atMs: 84000, type: 'press', side: 'black' }, // 24 s: the 15 s period, then 9 s of the next: 2 left
  ],
  untilMs: 200000, // White: 3 periods from 84000, the flag at 114000
};

describe('SGF', () => {
  test('a byo-yomi game: TM and OT as the core writes them, BL/WL and OB/OW as the report ends, RE from the flag', () => {
    const { report, storage } = played(BYOYOMI_GAME);
    const { root, nodes } = parseSgf(exported(storage, 'sgf'));
    expect(root.data.FF).toEqual(['4']);
    expect(root.data.GM).toEqual(['1']);
    expect(root.data.TM).toEqual(['20']);
    expect(root.data.OT).toEqual(['3x10 byo-yomi']);
    expect(root.data.RE).toEqual(['B+T']);
    expect(root.data.DT).toBeUndefined(); // the simulator has no wall time
    // No point anywhere: the clock does not know where stones went (B[] / W[] would be passes).
    for (const node of [root].concat(nodes)) {
      expect(node.data.B).toBeUndefined();
      expect(node.data.W).toBeUndefined();
    }
    expect(root.data.C[0]).toMatch(/no B or W point/);
    // The pause, the correction and the flag, in words, with their instants.
    expect(root.data.C[0]).toContain('40 s: arbiter pause: white to move');
    expect(root.data.C[0]).toContain('45 s: arbiter adjust black time +5000 ms, 15000 ms left');
    expect(root.data.C[0]).toContain('50 s: arbiter resume: white to move');
    expect(root.data.C[0]).toContain('114 s: white flag');
    expect(report.flags).toEqual([{ side: 'white', atMs: 114000 }]);

    expect(nodes.map((n) => n.data.MN[0])).toEqual(['1', '2', '3', '4', '5']);
    const black = sideNodes(nodes, 'black');
    const white = sideNodes(nodes, 'white');
    expect(black).toHaveLength(report.sides.black.moves);
    expect(white).toHaveLength(report.sides.white.moves);
    expect(black.map((n) => n.data.BL[0])).toEqual(['15', '10', '10']);
    expect(black.map((n) => n.data.OB)).toEqual([undefined, ['3'], ['2']]); // periods left, in overtime only
    expect(white.map((n) => n.data.WL[0])).toEqual(['13', '10']);
    // Black's clock has not run since its last move: the report ends where that node does.
    const last = black[black.length - 1];
    expect(report.sides.black.phase).toBe('overtime');
    expect(ms(last.data.BL[0])).toBe(report.sides.black.remainingMs);
    expect(Number(last.data.OB[0])).toBe(report.sides.black.periodsLeft);
  });

  test('a Canadian game: OB/OW are the stones left in the period', () => {
    const { report, storage } = played({
      control: { system: 'canadian', mainMs: 10000, moves: 3, periodMs: 30000 },
      events: [
        { atMs: 0, type: 'press', side: 'white' },
        { atMs: 4000, type: 'press', side: 'black' }, // 6 s main left
        { atMs: 5000, type: 'press', side: 'white' },
        { atMs: 15000, type: 'press', side: 'black' }, // main time, then 4 s of the period: 26 s, 2 stones left
        { atMs: 17000, type: 'press', side: 'white' },
        { atMs: 27000, type: 'press', side: 'black' }, // 16 s, 1 stone left
        { atMs: 28000, type: 'press', side: 'white' },
        { atMs: 30000, type: 'press', side: 'black' }, // the period's last stone: a fresh period of 3 in 30 s
      ],
      untilMs: 31000,
    });
    const { root, nodes } = parseSgf(exported(storage, 'sgf'));
    expect(root.data.TM).toEqual(['10']);
    expect(root.data.OT).toEqual(['3/30 Canadian']);
    expect(root.data.RE).toBeUndefined();
    const black = sideNodes(nodes, 'black');
    expect(black.map((n) => [n.data.BL[0], n.data.OB ? n.data.OB[0] : '-'])).toEqual([['6', '-'], ['26', '2'], ['16', '1'], ['30', '3']]);
    expect(black).toHaveLength(report.sides.black.moves);
    expect(sideNodes(nodes, 'white')).toHaveLength(report.sides.white.moves);
    expect(ms(black[3].data.BL[0])).toBe(report.sides.black.remainingMs);
    expect(Number(black[3].data.OB[0])).toBe(report.sides.black.movesLeft);
  });

  test('a Fischer game: every move node is the time before it, less the time used, plus the increment', () => {
    const events: object[] = [{ atMs: 0, type: 'press', side: 'white' }];
    let atMs = 0;
    for (let i = 0; i < 20; i++) {
      atMs += 1000 + ((i * 7919) % 9000);
      events.push({ atMs: atMs, type: 'press', side: i % 2 === 0 ? 'black' : 'white' });
      if (i === 9) events.push({ atMs: atMs + 500, type: 'pause', side: 'black' }, { atMs: atMs + 60500, type: 'resume' });
      if (i === 9) atMs += 60000;
    }
    const { report, storage } = played({ control: { system: 'fischer', mainMs: 60000, incrementMs: 5000 }, events: events, untilMs: atMs });
    const { root, nodes } = parseSgf(exported(storage, 'sgf'));
    expect(root.data.TM).toEqual(['60']);
    expect(root.data.OT).toEqual(['5 fischer']);
    const rows = csvObjects(exported(storage, 'csv')).filter((row) => row.kind === 'move');
    expect(rows).toHaveLength(nodes.length);
    for (const side of ['black', 'white'] as const) {
      let left = 60000;
      const own = rows.filter((row) => row.side === side);
      const sgfLeft = sideNodes(nodes, side).map((n) => ms(n.data[side === 'black' ? 'BL' : 'WL'][0]));
      own.forEach((row, i) => {
        left = left - Number(row.used_ms) + 5000;
        expect(Number(row.left_ms)).toBe(left);
        expect(sgfLeft[i]).toBe(left);
      });
      expect(own).toHaveLength(report.sides[side].moves);
    }
    // White moved last: its clock is as its last node says.
    expect(ms(sideNodes(nodes, 'white')[9].data.WL[0])).toBe(report.sides.white.remainingMs);
    // Time used in all: from the start to the last move, less the minute paused.
    const used = rows.reduce((sum, row) => sum + Number(row.used_ms), 0);
    expect(used).toBe(atMs - 60000);
  });

  test('the time used by all moves is the running time from the start to the last move (pauses excluded)', () => {
    const { storage } = played(BYOYOMI_GAME);
    const rows = csvObjects(exported(storage, 'csv')).filter((row) => row.kind === 'move');
    expect(rows.reduce((sum, row) => sum + Number(row.used_ms), 0)).toBe(84000 - 10000);
  });

  test('time odds: TM is Black\'s, OT names both sides', () => {
    const { storage } = played({
      control: { black: { system: 'absolute', mainMs: 300000 }, white: { system: 'byoyomi', mainMs: 600000, periods: 5, periodMs: 30000 } },
      events: [{ atMs: 0, type: 'press', side: 'white' }],
      untilMs: 1000,
    });
    const { root } = parseSgf(exported(storage, 'sgf'));
    expect(root.data.TM).toEqual(['300']);
    expect(root.data.OT).toEqual(['black: none; white: TM 600 5x30 byo-yomi']);
    expect(root.data.C[0]).toContain('Black: 5 min / White: 10 min + 5x30 s');
  });

  test('a handicap game says White plays first', () => {
    const { storage } = played({ control: { system: 'absolute', mainMs: 60000 }, options: { firstToMove: 'white' }, events: [], untilMs: 0 });
    expect(parseSgf(exported(storage, 'sgf')).root.data.PL).toEqual(['W']);
  });
});

describe('CSV', () => {
  test('a header row, the game, then one row per entry, quoted where RFC 4180 says', () => {
    const { storage } = played(BYOYOMI_GAME);
    const text = exported(storage, 'csv');
    expect(text.split('\r\n')[0]).toBe('kind,side,move,at_ms,used_ms,left_ms,phase,periods_or_moves_left,text');
    const rows = csvObjects(text);
    expect(rows.map((row) => row.kind)).toEqual(['game', 'start', 'move', 'move', 'move', 'pause', 'adjust', 'resume', 'move', 'move', 'flag']);
    expect(rows[0].text).toBe('20 s + 3x10 s; black moves first');
    expect(rows[4]).toEqual({
      kind: 'move', side: 'black', move: '2', at_ms: '30000', used_ms: '18000', left_ms: '10000', phase: 'overtime',
      periods_or_moves_left: '3', text: '',
    });
    expect(rows[6].text).toBe('arbiter adjust black time +5000 ms, 15000 ms left'); // a comma: quoted
    expect(text).toContain(',"arbiter adjust black time +5000 ms, 15000 ms left"\r\n');
    expect(rows[10]).toMatchObject({ kind: 'flag', side: 'white', at_ms: '114000' });
  });
});

describe('the device records the game the core does', () => {
  test('raw button edges, with a chord whose first press is taken back, give the record of the same presses and pause', () => {
    const hands = new Hands(0).tap('right').wait(5000).tap('left').wait(3000).tap('right').wait(2000).both(600);
    const downs = hands.events.filter((e) => e.down);
    const control = { system: 'byoyomi', mainMs: 600000, periods: 3, periodMs: 30000 };
    const device = played({ control: control, events: hands.events, untilMs: hands.atMs + 1000 });
    // The same game as events: White starts, Black, White; the chord pauses as of its first edge.
    const core = played({
      control: control,
      events: [
        { atMs: downs[0].atMs, type: 'press', side: 'white' },
        { atMs: downs[1].atMs, type: 'press', side: 'black' },
        { atMs: downs[2].atMs, type: 'press', side: 'white' },
        { atMs: downs[3].atMs, type: 'pause' },
      ],
      untilMs: hands.atMs + 1000,
    });
    expect(device.report.state).toBe('paused');
    expect(device.report.sides).toEqual(core.report.sides);
    // The device's record took Black's press back (an undo line); the exports are the same.
    expect(device.storage.read('gcrec0')).toMatch(/\nu [12]\*/);
    expect(exported(device.storage, 'sgf')).toBe(exported(core.storage, 'sgf'));
    expect(exported(device.storage, 'csv')).toBe(exported(core.storage, 'csv'));
  });

  test('a record filled to its cap by forced passes is the same either way', () => {
    const passing = { system: 'byoyomi', mainMs: 0, periods: 1, periodMs: 1000 };
    const untilMs = 100 * 86400000; // 100 days of a forced pass every second: far past the cap
    const core = played({ control: passing, options: { onExpire: 'pass' }, events: [{ atMs: 0, type: 'press', side: 'white' }], untilMs: untilMs });
    const device = played({ control: passing, options: { onExpire: 'pass' }, events: new Hands(0).tap('right').events, untilMs: untilMs });
    const csv = exported(core.storage, 'csv');
    expect(csv).toMatch(/\r\nfull,,,,,,,,record full: nothing after this was recorded\r\n$/);
    expect(csvObjects(csv).filter((row) => row.kind === 'pass').length).toBeGreaterThan(300);
    expect(exported(device.storage, 'csv')).toBe(csv);
  });
});

describe('random games', () => {
  const controls = [
    { system: 'byoyomi', mainMs: 5000, periods: 2, periodMs: 3000 },
    { system: 'canadian', mainMs: 5000, moves: 2, periodMs: 6000 },
    { system: 'fischer', mainMs: 10000, incrementMs: 2000 },
    { system: 'absolute', mainMs: 20000 },
  ];
  const eventArb = fc.record({
    gapMs: fc.integer({ min: 1, max: 8000 }),
    kind: fc.constantFrom('black', 'white', 'black', 'white', 'pause', 'resume', 'adjust'),
    deltaMs: fc.integer({ min: 1, max: 5000 }),
  });

  test('the SGF parses, with one node per move the report counts, and the CSV agrees with it', () => {
    fc.assert(fc.property(fc.constantFrom(...controls), fc.constantFrom('stop', 'continue', 'pass'), fc.array(eventArb, { maxLength: 30 }), (control, onExpire, specs) => {
      let atMs = 0;
      const events = specs.map((spec) => {
        atMs += spec.gapMs;
        if (spec.kind === 'black' || spec.kind === 'white') return { atMs: atMs, type: 'press', side: spec.kind };
        if (spec.kind === 'adjust') return { atMs: atMs, type: 'adjust', side: 'black', deltaMs: spec.deltaMs };
        return { atMs: atMs, type: spec.kind };
      });
      const { report, storage } = played({ control: control, options: { onExpire: onExpire }, events: events, untilMs: atMs + 1000 });
      const { nodes } = parseSgf(exported(storage, 'sgf'));
      expect(sideNodes(nodes, 'black')).toHaveLength(report.sides.black.moves);
      expect(sideNodes(nodes, 'white')).toHaveLength(report.sides.white.moves);
      expect(nodes.map((n) => Number(n.data.MN[0]))).toEqual(nodes.map((n, i) => i + 1));
      const rows = csvObjects(exported(storage, 'csv'));
      expect(rows.filter((row) => row.kind === 'move')).toHaveLength(nodes.length);
      expect(rows.filter((row) => row.kind === 'flag').map((row) => ({ side: row.side, atMs: Number(row.at_ms) }))).toEqual(report.flags);
    }), { numRuns: 60 });
  });
});

