import { controlError } from '../../firmware/clock/control-validate';
import { describeControl } from '../../firmware/clock/control-describe';
import { findPreset, presetControls, presets } from '../../firmware/clock/presets';

describe('presets (docs/time-systems.md)', () => {
  test('the menu offers them in the design\'s order, with these ids and names', () => {
    expect(presets().map((p) => [p.id, p.name])).toEqual([
      ['absolute-5m', '5 min'],
      ['absolute-10m', '10 min'],
      ['absolute-30m', '30 min'],
      ['absolute-45m', '45 min'],
      ['absolute-60m', '60 min'],
      ['byoyomi-10m-3x30s', '10 min + 3\u00d730 s'],
      ['byoyomi-30m-5x30s', '30 min + 5\u00d730 s'],
      ['byoyomi-60m-5x30s', '60 min + 5\u00d730 s'],
      ['byoyomi-40m-1x30s', '40 min + 1\u00d730 s'],
      ['byoyomi-60m-1x60s', '60 min + 1\u00d760 s'],
      ['canadian-30m-20in5m', '30 min + 20/5 min'],
      ['canadian-40m-20in10m', '40 min + 20/10 min'],
      ['canadian-60m-15in5m', '60 min + 15/5 min'],
      ['fischer-3m-15s', '3 min + 15 s Fischer'],
      ['fischer-10m-10s', '10 min + 10 s Fischer'],
      ['fischer-30m-30s', '30 min + 30 s Fischer'],
      ['bronstein-25m-10s', '25 min + 10 s Bronstein'],
      ['hourglass-1m', '1 min hourglass'],
      ['stages-40in120m-20in60m', '40/120 min + 20/60 min'],
    ]);
  });

  test('there are 19 of them and every id is unique', () => {
    expect(presets()).toHaveLength(19);
    expect(new Set(presets().map((p) => p.id)).size).toBe(presets().length);
  });

  test.each(presets().map((p) => [p.id, p] as const))('%s is a valid control named by its description', (_id, preset) => {
    expect(controlError(preset.control, 'control')).toBeUndefined();
    expect(preset.name).toBe(describeControl(preset.control));
  });

  test('ids are plain ASCII, safe for Storage and scripts', () => {
    for (const p of presets()) expect(p.id).toMatch(/^[a-z0-9-]+$/);
  });

  test('findPreset looks a preset up by id', () => {
    expect(findPreset('byoyomi-60m-5x30s')).toEqual(presets()[7]);
    expect(findPreset('nope')).toBeUndefined();
  });

  test('presetControls are the presets\' controls, and every call gives fresh lists (no module-level table)', () => {
    expect(presetControls()).toEqual(presets().map((p) => p.control));
    const first = presetControls();
    (first[7] as { mainMs: number }).mainMs = 1;
    first.pop();
    expect(presetControls()).toHaveLength(19);
    expect(presetControls()[7]).toEqual({ system: 'byoyomi', mainMs: 3600000, periods: 5, periodMs: 30000 });
    expect(presets()[7].control).not.toBe(presets()[7].control);
  });
});
