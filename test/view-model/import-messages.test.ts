import { describe, expect, it } from 'vitest';
import { WEEKLY_GPUS_MAX } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import type { CsvError, ScenarioIssue } from '../../src/scenario';
import type { CsvErrorCode } from '../../src/scenario/csv-usage';
import { ISSUE_CODES } from '../../src/scenario/parse';
import { csvErrorText, fieldName, issuesText, issueText } from '../../src/view-model/import-messages';
import { englishWords } from '../english-words';

const zh = createI18n('zh-CN').t;
const en = createI18n('en').t;

/** One example of every CSV error (the type makes a missing code a compile error). */
const CSV_EXAMPLES: Record<CsvErrorCode, CsvError> = {
  empty: { code: 'empty' },
  tooLarge: { code: 'tooLarge' },
  unreadable: { code: 'unreadable' },
  badQuotes: { code: 'badQuotes', line: 1234 },
  noGpuColumn: { code: 'noGpuColumn', line: 1 },
  badNumber: { code: 'badNumber', line: 3, column: 'GPU数', value: '十二' },
  negative: { code: 'negative', line: 3, column: 'GPU数', value: '-4' },
  tooBig: { code: 'tooBig', line: 3, column: 'GPU数', value: '2000000' },
  tooFewWeeks: { code: 'tooFewWeeks', weeks: 10 },
  tooManyWeeks: { code: 'tooManyWeeks', weeks: 1200 },
};

describe('messages for data that did not load', () => {
  it('has an English and a Chinese text for every issue code, with no English left in the Chinese', () => {
    for (const code of ISSUE_CODES) {
      const issue: ScenarioIssue = {
        path: 'selfBuild.powerIdleKwPerServer',
        message: 'English detail that must not be shown',
        code,
        limit: 2,
        min: 26,
        max: 104,
        other: 'selfBuild.powerBusyKwPerServer',
      };
      const chinese = issueText(zh, issue, 'zh-CN');
      expect(chinese, code).not.toContain('English detail');
      expect(chinese, code).not.toContain('issue.');
      expect(englishWords(chinese), `${code}: ${chinese}`).toEqual([]);
      expect(issueText(en, issue, 'en'), code).not.toContain('issue.');
    }
  });

  it('names the power field and the field it must not exceed, in Chinese', () => {
    const issue: ScenarioIssue = {
      path: 'selfBuild.powerIdleKwPerServer',
      message: 'idle power must not exceed busy power',
      code: 'powerOrder',
      other: 'selfBuild.powerBusyKwPerServer',
    };
    expect(issueText(zh, issue, 'zh-CN')).toBe(
      '每台服务器空闲功率 (selfBuild.powerIdleKwPerServer) 不能超过每台服务器满载功率',
    );
    expect(issueText(en, issue, 'en')).toBe(
      'Idle power per server (selfBuild.powerIdleKwPerServer) must not exceed Busy power per server',
    );
  });

  it('labels fields that are not engine parameters, and gives a generic phrase, not a bare path, to the rest', () => {
    expect(fieldName(zh, 'compliance', 'zh-CN')).toBe('合规级别 (compliance)');
    expect(fieldName(zh, 'demand.weeklyGpus.11', 'zh-CN')).toBe('用量曲线第 12 周 (demand.weeklyGpus.11)');
    expect(fieldName(zh, 'uncertainty.ranges.selfBuild.pue', 'zh-CN')).toBe(
      'PUE（电能利用效率）的不确定性区间 (uncertainty.ranges.selfBuild.pue)',
    );
    expect(fieldName(zh, 'calibration.note', 'zh-CN')).toBe('某个校准值 (calibration.note)');
    expect(fieldName(zh, 'somewhere.new', 'zh-CN')).toBe('某个值 (somewhere.new)');
    // A price path's point is named by its path (model v4), in either language.
    expect(fieldName(en, 'finance.hardwarePriceShape.points.1.month', 'en')).toBe(
      'Hardware price path (finance.hardwarePriceShape.points.1.month)',
    );
    expect(fieldName(zh, 'finance.resalePriceShape', 'zh-CN')).toBe(
      '二手硬件价格路径 (finance.resalePriceShape)',
    );
    expect(fieldName(en, 'finance.termPriceShape.points.0.index', 'en')).toBe(
      'Term price path (finance.termPriceShape.points.0.index)',
    );
    expect(fieldName(en, 'finance.gpuTimePriceShape.name', 'en')).toBe(
      'Price path (finance.gpuTimePriceShape.name)',
    );
    expect(fieldName(zh, '', 'zh-CN')).toBe('场景');
  });

  it('counts the issues not shown, in the reader’s number format', () => {
    const issues: ScenarioIssue[] = Array.from({ length: 1_203 }, () => ({
      path: 'horizonMonths',
      message: 'x',
      code: 'tooSmall',
      limit: 12,
    }));
    expect(issuesText(zh, issues, 'zh-CN', 1)).toBe('测算期 (horizonMonths) 不能小于 12；另有 1,202 处');
  });

  it('has a Chinese text for every CSV error, with no English left in it', () => {
    for (const [code, error] of Object.entries(CSV_EXAMPLES)) {
      const chinese = csvErrorText(zh, error, 'zh-CN');
      expect(chinese, code).not.toContain('csvError.');
      expect(englishWords(chinese), `${code}: ${chinese}`).toEqual([]);
    }
  });

  it('formats CSV line numbers and limits with the locale and gives each message its own limit', () => {
    expect(csvErrorText(zh, CSV_EXAMPLES.badQuotes, 'zh-CN')).toBe(
      '第 1,234 行：引号未闭合或位置不对，从这一行开始的记录无法读取。',
    );
    expect(csvErrorText(zh, CSV_EXAMPLES.tooBig, 'zh-CN')).toBe(
      '第 3 行，“GPU数”列：“2000000”大于 1,000,000。',
    );
    expect(WEEKLY_GPUS_MAX).toBe(1_000_000);
    expect(csvErrorText(en, CSV_EXAMPLES.tooManyWeeks, 'en')).toBe('1,200 weeks; at most 104 are supported.');
    expect(csvErrorText(en, CSV_EXAMPLES.tooLarge, 'en')).toBe(
      'The file is larger than 2 MB, too large for weekly usage.',
    );
  });

  it('counts the issues the door did not list with the ones not shown', () => {
    const issue: ScenarioIssue = { path: 'name', message: '', code: 'tooLong', limit: 200 };
    const issues: ScenarioIssue[] = [
      issue,
      issue,
      issue,
      issue,
      { path: '', message: '', code: 'moreIssues', limit: 500 },
    ];
    expect(issuesText(en, issues, 'en')).toMatch(/; and 501 more$/);
    expect(issuesText(zh, issues, 'zh-CN')).toMatch(/另有 501 处$/);
  });
});
