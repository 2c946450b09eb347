import { parseArgs } from 'node:util';
import type { TFunction } from 'i18next';
import type { Currency, Locale, MoneyFormat } from '../lib/format';

/** Every option any command takes (a command ignores the ones it has no use for). */
export interface CliOptions {
  format: 'table' | 'json' | 'csv' | null;
  view: 'economic' | 'accounting' | null;
  locale: Locale;
  money: MoneyFormat;
  output: string | null;
  preset: string | null;
  from: string | null;
  to: string | null;
  steps: string | null;
  clusterGpus: string | null;
  url: string | null;
  purchased: string | null;
  help: boolean;
  version: boolean;
  positionals: string[];
}

export type ParsedOptions = { ok: true; options: CliOptions } | { ok: false; message: string };

const CHOICES = {
  format: ['table', 'json', 'csv'],
  view: ['economic', 'accounting'],
  lang: ['en', 'zh-CN'],
  currency: ['cny', 'usd'],
} as const;

/** The command line read into options; an unknown option or a bad choice is a usage error, said in `t`'s language. */
export function parseOptions(argv: readonly string[], tFor: (locale: Locale) => TFunction): ParsedOptions {
  let parsed: ReturnType<typeof parseWith>;
  try {
    parsed = parseWith(argv);
  } catch (error) {
    // parseArgs explains in English only: say which option, in the reader's words.
    const t = tFor(localeIn(argv));
    const message = error instanceof Error ? error.message : String(error);
    const option = /'(-[^'\s]*)/.exec(message)?.[1] ?? '';
    const code = (error as { code?: string }).code;
    return {
      ok: false,
      message: t('cli:usage', {
        message:
          code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
            ? t('cli:unknownOption', { option })
            : t('cli:missingValue', { option }),
      }),
    };
  }
  const v = parsed.values;
  const lang = v.lang ?? 'en';
  const t = tFor(CHOICES.lang.includes(lang as Locale) ? (lang as Locale) : 'en');
  for (const key of ['format', 'view', 'lang', 'currency'] as const) {
    const value = v[key];
    const allowed: readonly string[] = CHOICES[key];
    if (value !== undefined && !allowed.includes(value))
      return {
        ok: false,
        message: t('cli:usage', {
          message: t('cli:badOption', { option: `--${key}`, values: allowed.join(', ') }),
        }),
      };
  }
  const rate = v['cny-per-usd'] === undefined ? 7.2 : Number(v['cny-per-usd']);
  if (!Number.isFinite(rate) || rate < 0.1 || rate > 100)
    return {
      ok: false,
      message: t('cli:usage', {
        message: t('cli:badNumber', {
          option: '--cny-per-usd',
          range: t('cli:range', { min: '0.1', max: '100' }),
        }),
      }),
    };
  const locale = lang as Locale;
  const currency: Currency = v.currency === 'usd' ? 'USD' : 'CNY';
  return {
    ok: true,
    options: {
      format: (v.format as CliOptions['format']) ?? null,
      view: (v.view as CliOptions['view']) ?? null,
      locale,
      money: { locale, currency, cnyPerUsd: rate },
      output: v.output ?? null,
      preset: v.preset ?? null,
      from: v.from ?? null,
      to: v.to ?? null,
      steps: v.steps ?? null,
      clusterGpus: v['cluster-gpus'] ?? null,
      url: v.url ?? null,
      purchased: v.purchased ?? null,
      help: v.help === true,
      version: v.version === true,
      positionals: parsed.positionals,
    },
  };
}

/** The --lang an unparsable command line asked for, so even its usage error is in that language. */
function localeIn(argv: readonly string[]): Locale {
  const i = argv.indexOf('--lang');
  const inline = argv.find((a) => a.startsWith('--lang='))?.slice('--lang='.length);
  const lang = inline ?? (i >= 0 ? argv[i + 1] : undefined);
  return lang === 'zh-CN' ? 'zh-CN' : 'en';
}

function parseWith(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: 'string' },
      view: { type: 'string' },
      lang: { type: 'string' },
      currency: { type: 'string' },
      'cny-per-usd': { type: 'string' },
      output: { type: 'string', short: 'o' },
      preset: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      steps: { type: 'string' },
      'cluster-gpus': { type: 'string' },
      url: { type: 'string' },
      purchased: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
}
