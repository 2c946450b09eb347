import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package as a stranger installs it (issue 38 items 1–2): `npm pack` (which builds the library),
 * the tarball installed into an empty project with no network and no other package, then
 * - a Node script imports `gpu-tco-dashboard/engine` and evaluates the seed example to the article's
 *   57,000 and 37,500 CNY a month, and decodes the link it encodes;
 * - a TypeScript file using the library type-checks against the package's own types;
 * - `npx gpu-tco` prints its help, evaluates a preset as JSON, and refuses a damaged link with the
 *   page's message and exit code 1, without a stack trace.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const project = mkdtempSync(join(tmpdir(), 'gpu-tco-pack-'));

function run(command: string, args: string[], cwd = project) {
  return spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
}

beforeAll(() => {
  execFileSync('npm', ['pack', '--pack-destination', project, '--silent'], { cwd: root, stdio: 'pipe' });
  const tarball = readdirSync(project).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  const installed = run('npm', [
    'install',
    '--offline',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    `./${tarball}`,
  ]);
  if (installed.status !== 0) throw new Error(`npm install failed: ${installed.stderr}`);
});

afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

describe('the packed package, installed', () => {
  it('the library evaluates the seed example to 57,000 and 37,500 CNY a month and round-trips a link', () => {
    writeFileSync(
      join(project, 'use.mjs'),
      [
        "import { decodeLink, encodeLink, evaluate, presets } from 'gpu-tco-dashboard/engine';",
        'const e = evaluate(presets.seedTeam);',
        'const back = decodeLink(encodeLink(presets.seedTeam, "https://example.org/"));',
        'console.log(JSON.stringify({ rent: e.strategies.rent.monthlyCny, platform: e.strategies.platform.monthlyCny, same: back.ok && back.scenario.name === presets.seedTeam.name }));',
      ].join('\n'),
    );
    const out = run('node', ['use.mjs']);
    expect(out.stderr).toBe('');
    const figures = JSON.parse(out.stdout);
    expect(Math.round(figures.rent)).toBe(57_000);
    expect(Math.round(figures.platform)).toBe(37_500);
    expect(figures.same).toBe(true);
  });

  it('a TypeScript consumer type-checks against the package’s types', () => {
    writeFileSync(
      join(project, 'use.ts'),
      [
        "import { evaluate, parseScenario, presets, type Scenario } from 'gpu-tco-dashboard/engine';",
        'const parsed = parseScenario(JSON.parse("{}") as unknown);',
        'const scenario: Scenario = parsed.ok ? parsed.scenario : presets.seedTeam!;',
        'const monthly: number = evaluate(scenario).strategies.platform.monthlyCny;',
        'export { monthly };',
      ].join('\n'),
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ['use.ts'],
      }),
    );
    const tsc = run('node', [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('npx gpu-tco: help, a preset as JSON, and a damaged link refused with the page’s message', () => {
    const help = run('npx', ['--no-install', 'gpu-tco', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: gpu-tco <command>');
    const json = run('npx', [
      '--no-install',
      'gpu-tco',
      'evaluate',
      '--preset',
      'seedTeam',
      '--format',
      'json',
    ]);
    expect(json.status).toBe(0);
    expect(Math.round(JSON.parse(json.stdout).strategies.platform.monthlyCny)).toBe(37_500);
    const bad = run('npx', [
      '--no-install',
      'gpu-tco',
      'evaluate',
      'https://example.org/#s=2.10-seedTeam.%%%',
    ]);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^This link could not be opened: /);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
});
