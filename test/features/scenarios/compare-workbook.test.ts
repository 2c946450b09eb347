import ExcelJS from 'exceljs';
import { evaluate, presets, type Scenario, withInput } from '../../../src/engine';
import { comparisonWorkbookBytes } from '../../../src/features/scenarios/compare-workbook';
import { createI18n } from '../../../src/i18n';
import { compareScenarios } from '../../../src/view-model/scenario-compare';

const seed = presets.seedTeam as Scenario;
const zh = createI18n('zh-CN').t;
const money = { locale: 'zh-CN' as const, currency: 'CNY' as const, cnyPerUsd: 7.2 };

async function readBack(bytes: ArrayBuffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('comparisonWorkbookBytes', () => {
  it('writes one sheet named in the reader’s language with the scenarios as columns and the engine’s numbers as numbers', async () => {
    const cheaper = withInput(seed, 'selfBuild.serverPriceCny', 1_500_000);
    const cmp = compareScenarios([
      { key: 'a', label: '种子团队', scenario: seed },
      { key: 'b', label: '便宜的服务器', scenario: cheaper },
    ]);
    const sheet = await readBack(await comparisonWorkbookBytes(cmp, money, zh));
    expect(sheet.name).toBe('场景对比');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '分组',
      '指标',
      '单位',
      '种子团队',
      '便宜的服务器',
      '与第一列不同',
    ]);
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((r) => rows.push(r));
    const byMeasure = (m: string) => rows.find((r) => r.getCell(2).value === m);
    const winner = byMeasure('最优方案月成本');
    expect(winner?.getCell(4).value).toBe(37_500);
    expect(winner?.getCell(5).value).toBe(Math.round(evaluate(cheaper).strategies.platform.monthlyCny));
    expect(winner?.getCell(4).numFmt).toBe('#,##0');
    // The differing server price is filled and bold in the second column only.
    const price = byMeasure(zh('common:params.selfBuild.serverPriceCny'));
    expect(price?.getCell(5).fill).toMatchObject({ type: 'pattern', pattern: 'solid' });
    expect(price?.getCell(5).font?.bold).toBe(true);
    expect(price?.getCell(4).fill).toBeUndefined();
    // Each section opens with its own heading line.
    expect(rows[1]?.getCell(1).value).toBe('结论');
    expect(rows[1]?.getCell(2).value).toBeNull();
  });
});
