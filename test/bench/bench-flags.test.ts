import { describe, expect, it } from 'vitest';
import { benchRows, parseBenchFlags } from '../../bench/bench-flags.js';

describe('the bench flags', () => {
  it('run every row, three rounds of 6 s and a 5-minute soak when given none', () => {
    const flags = parseBenchFlags([]);
    expect([...flags.rows]).toEqual([...benchRows]);
    expect(flags).toMatchObject({ rounds: 3, seconds: 6, soakMinutes: 5 });
    expect(flags.profile).toBeUndefined();
  });

  it("take issue 47's rows alone, and leave the soak out of all with --soak-minutes 0", () => {
    const flags = parseBenchFlags(['--rows', 'telemetry,eras,postgres', '--soak-minutes', '0', '--rounds', '5', '--seconds', '3', '--profile', '/tmp/p']);
    expect([...flags.rows].sort()).toEqual(['eras', 'postgres', 'telemetry']);
    expect(flags).toMatchObject({ rounds: 5, seconds: 3, soakMinutes: 0, profile: '/tmp/p' });
    expect(parseBenchFlags(['--soak-minutes', '0']).rows.has('soak')).toBe(false);
  });

  it('refuse a row that does not exist, naming it and the rows there are', () => {
    expect(() => parseBenchFlags(['--rows', 'eras,telemetri'])).toThrow("--rows 'eras,telemetri': 'telemetri' is not a row; the rows are all, or some of eras, telemetry,");
  });

  it('refuse the soak row when --soak-minutes 0 leaves it out', () => {
    expect(() => parseBenchFlags(['--rows', 'soak', '--soak-minutes', '0'])).toThrow("--rows 'soak' names the soak row, which --soak-minutes 0 leaves out");
  });

  it('refuse rounds and seconds that are not whole numbers of 1 or more, and minutes that are not numbers', () => {
    expect(() => parseBenchFlags(['--rounds', '0'])).toThrow("--rounds '0' must be a whole number of 1 or more");
    expect(() => parseBenchFlags(['--rounds', '2.5'])).toThrow("--rounds '2.5' must be a whole number of 1 or more");
    expect(() => parseBenchFlags(['--seconds', ''])).toThrow("--seconds '' must be a whole number of 1 or more");
    expect(() => parseBenchFlags(['--soak-minutes', 'ten'])).toThrow("--soak-minutes 'ten' must be a number of minutes, 0 to leave the soak out");
  });

  it('refuse an unknown flag with the usage', () => {
    expect(() => parseBenchFlags(['--row', 'eras'])).toThrow(/Unknown option '--row'[\s\S]*usage: npm run bench --/);
  });
});
