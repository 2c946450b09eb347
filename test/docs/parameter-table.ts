import { PARAMETERS, type ParameterMeta } from '../../src/engine';

/**
 * The table of defaults in docs/data-sources.md, rendered from the engine's parameter table: the test
 * compares the doc with it row by row, and `npx tsx test/docs/parameter-table.ts` prints it to paste in.
 */
const SUPERSCRIPTS: Record<string, string> = {
  '-': '⁻',
  '+': '',
  ...Object.fromEntries([...'0123456789'].map((d, i) => [d, '⁰¹²³⁴⁵⁶⁷⁸⁹'[i]!])),
};
const superscript = (text: string) => [...text].map((c) => SUPERSCRIPTS[c] ?? c).join('');

function value(meta: ParameterMeta, v: number): string {
  if (meta.unit.startsWith('fraction')) {
    return `${Number((v * 100).toPrecision(6))} %${meta.unit === 'fractionPerYear' ? '/yr' : ''}`;
  }
  // Small rates (2×10⁻⁵ per GPU-hour) keep their significant digits instead of rounding to 0.
  if (v !== 0 && Math.abs(v) < 0.01) {
    const [mantissa, exponent] = v.toExponential().split('e');
    return `${mantissa} × 10${superscript(exponent ?? '')}`;
  }
  return v.toLocaleString('en-US', { maximumFractionDigits: 6 });
}

export function parameterTableRows(): string[] {
  return [
    `| parameter | default | unit | allowed | source (as of ${PARAMETERS[0]?.asOf}) | conf. |`,
    '|---|---|---|---|---|---|',
    ...PARAMETERS.map(
      (m) =>
        `| \`${m.path}\` | ${value(m, m.defaultValue)} | ${m.unit} | ${value(m, m.min)} – ${value(m, m.max)} | ${m.source} | ${m.confidence} |`,
    ),
  ];
}

if (process.argv[1]?.endsWith('parameter-table.ts')) console.log(parameterTableRows().join('\n'));
