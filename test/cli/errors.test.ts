import { readFileSync } from 'node:fs';
import { presets } from '../../src/engine';
import { scenarioToJson } from '../../src/scenario/json-file';
import { encodeScenarioHash } from '../../src/scenario/url-codec';
import { runInMemory } from './memory-io';

/**
 * Hostile input (issue 38): every refused file, link or option exits non-zero with the page's own
 * message on standard error — the field and its path, the line and column — never a stack trace, and
 * writes nothing to standard output or to an --output file.
 */
const en = JSON.parse(readFileSync(new URL('../../src/i18n/en/scenarios.json', import.meta.url), 'utf8'));

function refused(run: ReturnType<typeof runInMemory>, code = 1) {
  expect(run.code).toBe(code);
  expect(run.stdout).toBe('');
  expect(run.written).toEqual({});
  expect(run.stderr).not.toMatch(/\n\s+at |Error:/);
  return run.stderr;
}

describe('gpu-tco refuses bad input with the page’s messages', () => {
  it('a damaged share link: the page’s link message, exit 1', () => {
    const link = `https://example.org/#${encodeScenarioHash(presets.seedTeam!)}`;
    const damaged = `${link.slice(0, -6)}%%%%`;
    const message = refused(runInMemory(['evaluate', damaged, '--output', 'out.txt']));
    expect(message.startsWith(`${en.link.title}: `)).toBe(true);
  });

  it('a file with a value out of range names the field and its path', () => {
    const text = scenarioToJson({ ...presets.seedTeam!, horizonMonths: 999 });
    const message = refused(runInMemory(['evaluate', 'bad.json'], { 'bad.json': text }));
    expect(message).toContain('(horizonMonths)');
    expect(message).toContain('“bad.json” has invalid values');
  });

  it('a file that is not JSON, one that is not a scenario, and one that does not exist', () => {
    expect(refused(runInMemory(['evaluate', 'a.json'], { 'a.json': 'not json' }))).toBe(
      '“a.json” is not JSON.\n',
    );
    expect(refused(runInMemory(['evaluate', 'b.json'], { 'b.json': '[1,2]' }))).toBe(
      '“b.json” is JSON but not a scenario of this app.\n',
    );
    expect(refused(runInMemory(['evaluate', 'c.json']))).toBe('“c.json” does not exist.\n');
  });

  it('a cluster log with a bad line names its line and column', () => {
    const log = [
      'JobID|Start|End|AllocTRES',
      '1|2026-01-05T00:00:00|2026-01-05T10:00:00|gres/gpu=8',
      '2|2026-01-06T00:00:00|yesterday|gres/gpu=8',
    ].join('\n');
    const message = refused(runInMemory(['logs', 'jobs.txt'], { 'jobs.txt': log }));
    expect(message).toMatch(/line 3/i);
    expect(message).toContain('End');
  });

  it('an unknown option or command, or a bad choice, is a usage error (exit 2)', () => {
    expect(refused(runInMemory(['evaluate', '--bogus']), 2)).toContain('Unknown option “--bogus”.');
    expect(refused(runInMemory(['frobnicate']), 2)).toContain('Unknown command “frobnicate”.');
    expect(refused(runInMemory(['evaluate', '--preset', 'seedTeam', '--format', 'xml']), 2)).toContain(
      '--format must be one of: table, json, csv.',
    );
    expect(refused(runInMemory(['evaluate', '--preset', 'nope']), 1)).toContain('No preset “nope”.');
  });

  it('a sweep range beyond the input’s limits is a usage error and prints nothing', () => {
    const message = refused(
      runInMemory([
        'sweep',
        'selfBuild.capacityGpus',
        '--preset',
        'seedTeam',
        '--from',
        '8',
        '--to',
        '1e9',
        '--steps',
        '3',
      ]),
      2,
    );
    expect(message).toContain('--to must be a number from');
  });

  it('an --output that cannot be written says so and leaves nothing', () => {
    const run = runInMemory(['evaluate', '--preset', 'seedTeam', '--output', '/no-such-dir/x.txt']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('“/no-such-dir/x.txt” could not be written');
  });

  it('a link from an older version opens with the page’s note on standard error', () => {
    const text = readFileSync(new URL('../../src/scenario/link-bases/v9.json', import.meta.url), 'utf8');
    const v9 = JSON.parse(text).bases.seedTeam;
    const run = runInMemory(['evaluate', 'old.json', '--format', 'json'], { 'old.json': JSON.stringify(v9) });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(en.upgraded.note.accountingView);
    expect(JSON.parse(run.stdout).costView.view).toBe('accounting');
  });
});
