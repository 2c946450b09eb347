import { describe, expect, it } from 'vitest';
import { presets, type Scenario } from '../../src/engine';
import { printableText } from '../../src/features/report-pdf/font/printable';
import { reportScenarioName } from '../../src/features/report-pdf/report-model';
import { createI18n } from '../../src/i18n';
import { withoutBidiControls } from '../../src/lib/bidi';
import { csvText } from '../../src/lib/csv-text';
import { safeFileName } from '../../src/lib/file-name';
import { compareScenarios } from '../../src/view-model/scenario-compare';
import { comparisonCsv, comparisonLines } from '../../src/view-model/scenario-compare-text';

/** Issue 42 item 6: a name's bidi controls never reach a file (CSV, workbook lines, PDF text). */

const en = createI18n('en').t;
const CNY = { locale: 'en' as const, currency: 'CNY' as const, cnyPerUsd: 7.2 };
const seed = presets.seedTeam as Scenario;
/** Reads "pdf.exe" where bidi is applied, though it is "exe.fdp" with an override in front. */
const SPOOFED = '\u202Eexe.fdp';
const EVERY_CONTROL = 'a\u061Cb\u200Ec\u200Fd\u202Ae\u202Bf\u202Cg\u202Dh\u202Ei\u2066j\u2067k\u2068l\u2069m';

describe('bidi controls in exports', () => {
  it('withoutBidiControls leaves out every bidi control and nothing else', () => {
    expect(withoutBidiControls(EVERY_CONTROL)).toBe('abcdefghijklm');
    expect(withoutBidiControls('预算 2026 👨‍👩‍👧 عربى')).toBe('预算 2026 👨‍👩‍👧 عربى');
  });

  it('file names and exports leave out the same characters', () => {
    expect(safeFileName(EVERY_CONTROL)).toBe(withoutBidiControls(EVERY_CONTROL));
  });

  it('a CSV cell holds the name without its override', () => {
    expect(csvText([[SPOOFED]])).toBe('\uFEFFexe.fdp\r\n');
  });

  it('the comparison’s CSV header and its workbook lines name the column without the override', () => {
    const comparison = compareScenarios([
      { key: 'a', label: SPOOFED, scenario: seed },
      { key: 'b', label: 'Other', scenario: { ...seed, teamCapability: 2 } },
    ]);
    const { header, lines } = comparisonLines(comparison, CNY, en);
    expect(header).toContain('exe.fdp');
    expect(header.join('')).not.toMatch(/\u202E/u);
    expect(lines.map((l) => l.differing).join('')).not.toMatch(/\u202E/u);
    expect(comparisonCsv(comparison, CNY, en)).not.toMatch(/\u202E/u);
  });

  it('the report (PDF and workbook) names an own scenario without its override', () => {
    expect(reportScenarioName({ ...seed, name: SPOOFED }, en)).toBe('exe.fdp');
  });

  it('the PDF prints no bidi control even when its font maps one', () => {
    const coverage = new Set([...'exe.fdp\u202E'].map((c) => c.codePointAt(0) ?? 0));
    expect(printableText(SPOOFED, coverage)).toBe('exe.fdp');
  });
});
