import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Chinese style guide (docs/zh-style.md), held over every string of every zh-CN translation file:
 * one term per concept (the terms the guide retired never come back), 您 and never 你, full-width
 * punctuation next to Chinese characters, and no space between a number and %.
 *
 * Placeholders ({{…}}) are read as a number: they are replaced by numbers and names at run time.
 */
const DIR = join(__dirname, '../../src/i18n/zh-CN');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix: string): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`),
  );
}

function zhStrings(): [string, string][] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) =>
      flatten(JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Tree, `${f.replace(/\.json$/, '')}:`),
    );
}

/** Retired terms, each with the term that replaced it (the guide's term sheet). */
const RETIRED: readonly [RegExp, string][] = [
  // scenario = 场景; 方案 is the strategy (自建/租用/智算平台/混合)
  [
    /方案名称|已保存的方案|已保存方案|保存方案|上次的方案|之前的方案|正在编辑的方案|打开此方案|默认方案|同一方案|本方案的链接|(?<!算力)方案对比|四个方案并排/,
    '场景 (a scenario)',
  ],
  [/策略/, '方案 (a strategy)'],
  [/获取\s?GPU\s?的方式/, '方案'],
  [/租用方式/, '外部算力 / 外部算力方案'],
  // useful ÷ paid GPU-hours = 利用率
  [/有效占比|分配效率|可达负载率/, '利用率 / 利用率上限'],
  [/(?<!电能利用)效率/, '利用率'],
  [/交叉负载率|盈亏平衡负载率|盈亏平衡点|平衡点|交叉点|交点/, '临界负载率 / 临界点'],
  [/评估周期|测算周期|期限|分析期|评估期/, '测算期'],
  [/(\d|\}\}|五) ?年期(?!合约)/, '… 年测算期'],
  [/GPU\s?小时|GPU\s?时(?!间)|卡·时/, '卡时'],
  [/服务器小时|台·小时/, '台时'],
  [/(\d|\}\}|一|每)\s?块|块\s?(GPU|卡)/, '张'],
  // a cost stream's present value is 成本现值; 净现值 only for the self-build-vs-rent difference
  [/净现值最低|(?<!增量)现金流净现值|净现值（折现率|与净现值$/, '成本现值'],
  [/期末残值|残值回收|转售价值|期末转售/, '期末变现价值'],
  [/(?<!净|会计)残值/, '预计净残值率 / 期末变现价值'],
  [/不可用|不允许|已排除|不适用/, '不可选（合规限制）'],
  [/仪表盘/, '看板'],
  [/自评向导|自评问卷/, '四步自测 / 自测'],
  [/抽样序号/, '随机种子'],
  // an invented name for PUE (review #44): PUE（电能利用效率）, glossed as 数据中心能效指标
  [/机房电力附加/, 'PUE（电能利用效率）'],
  [/胜出|胜过/, '成本最低 / 成本低于'],
  [/你/, '您'],
];

const CJK = '\\p{Script=Han}';
const HALF_WIDTH_NEXT_TO_CJK = new RegExp(`${CJK}[:();]|[:();]${CJK}`, 'u');

function shown(text: string): string {
  return text.replace(/\{\{[^}]*\}\}/g, '0');
}

function retiredIn(entries: [string, string][]): string[] {
  const found: string[] = [];
  for (const [key, text] of entries)
    for (const [re, use] of RETIRED)
      if (re.test(shown(text))) found.push(`${key}: ${re} → use ${use} in “${text}”`);
  return found;
}

function punctuationIn(entries: [string, string][]): string[] {
  return entries
    .filter(([, text]) => HALF_WIDTH_NEXT_TO_CJK.test(text) || /\d %/.test(text))
    .map(([key, text]) => `${key}: “${text}”`);
}

describe('Chinese style guide', () => {
  const entries = zhStrings();

  it('reads every zh-CN string', () => {
    expect(entries.length).toBeGreaterThan(1500);
  });

  it('uses none of the retired terms', () => {
    expect(retiredIn(entries)).toEqual([]);
  });

  it('calls the figures by their term: a cost stream’s present value is 成本现值', () => {
    const byKey = new Map(entries);
    for (const key of [
      'finance:cash.npv',
      'export:cash.npv',
      'export:excel.npv',
      'compare:rows.npv',
      'scenarios:compare.rows.npv',
    ])
      expect(byKey.get(key), key).toMatch(/^成本现值/);
    expect(byKey.get('common:views.scenarios')).toBe('场景');
    expect(byKey.get('common:settings.exchangeRate')).toMatch(/^美元兑人民币/);
  });

  it('uses full-width punctuation next to Chinese characters and no space before %', () => {
    expect(punctuationIn(entries)).toEqual([]);
  });

  it('is written down in docs/zh-style.md, with every term of the sheet', () => {
    const guide = readFileSync(join(__dirname, '../../docs/zh-style.md'), 'utf8');
    for (const term of [
      '场景',
      '方案',
      '外部算力',
      '利用率上限',
      '负载率',
      '临界负载率',
      '测算期',
      '元/卡时',
      '元/台时',
      '张',
      '成本现值',
      '净现值',
      '期末变现价值',
      '预计净残值率',
      '不可选（合规限制）',
      '看板',
      '四步自测',
      '随机种子',
      '您',
    ])
      expect(guide, term).toContain(term);
  });

  it('would catch each kind of slip (the checks can fail)', () => {
    const samples: [string, string][] = [
      ['a', '保存方案'],
      ['b', '各策略成本'],
      ['c', '交叉负载率'],
      ['d', '{{years}} 年期内'],
      ['e', '每 GPU 小时'],
      ['f', '8 块 GPU'],
      ['g', '净现值最低：{{strategy}}。'],
      ['h', '残值'],
      ['i', '请你确认'],
      ['j', '已排除'],
    ];
    expect(retiredIn(samples)).toHaveLength(samples.length);
    expect(
      retiredIn([
        ['k', '预计净残值率（用于折旧）'],
        ['l', 'PUE（电能利用效率）'],
        ['m', '一年期合约'],
      ]),
    ).toEqual([]);
    expect(
      punctuationIn([
        ['a', '来源: 文章'],
        ['b', '租用 (已校准)'],
        ['c', '负载率;'],
        ['d', '76 %'],
      ]),
    ).toHaveLength(4);
    expect(
      punctuationIn([
        ['a', '(1 + r)^n'],
        ['b', '76%'],
        ['c', '来源：文章（2024）'],
      ]),
    ).toEqual([]);
  });
});
