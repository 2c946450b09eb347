import { CATALOG_SOURCE_ZH, GPU_NAME_ZH, GPU_SHORT_NAME_ZH, MFU_SOURCE_ZH } from '../engine';
import type { Locale } from '../lib/format';

/**
 * The catalogue's words in the reader's language: source notes, "as of" dates, MFU citations and
 * model names. English reads them as the catalogue prints them; Chinese reads the translations held
 * beside the catalogue, and every date as "2023 年 10 月".
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = `(${MONTHS.join('|')})`;
const monthNumber = (name: string) => MONTHS.indexOf(name) + 1;

/** "Oct 2023" and "2023-10" → "2023 年 10 月", "Oct–Nov 2026" → "2026 年 10–11 月", "late 2024" → "2024 年末", "2025–26" → "2025–2026 年". */
export function chineseCatalogueDate(asOf: string): string {
  return asOf
    .split(/\s*\/\s*/)
    .map((part) =>
      part
        .replace(new RegExp(`^(\\d{1,2}) ${MONTH} (\\d{4})$`), (_, d: string, m: string, y: string) => {
          return `${y} 年 ${monthNumber(m)} 月 ${d} 日`;
        })
        .replace(new RegExp(`^${MONTH}–${MONTH} (\\d{4})$`), (_, a: string, b: string, y: string) => {
          return `${y} 年 ${monthNumber(a)}–${monthNumber(b)} 月`;
        })
        .replace(
          new RegExp(`^${MONTH} (\\d{4})$`),
          (_, m: string, y: string) => `${y} 年 ${monthNumber(m)} 月`,
        )
        .replace(/^(\d{4})-(\d{2})$/, (_, y: string, m: string) => `${y} 年 ${Number(m)} 月`)
        .replace(/^late (\d{4})$/, '$1 年末')
        .replace(/^(\d{2})(\d{2})–(\d{2})$/, '$1$2–$1$3 年')
        .replace(/^(\d{4})$/, '$1 年'),
    )
    .join('、');
}

export function catalogueDate(asOf: string, locale: Locale): string {
  return locale === 'zh-CN' ? chineseCatalogueDate(asOf) : asOf;
}

export function catalogueSource(source: string, locale: Locale): string {
  return locale === 'zh-CN' ? (CATALOG_SOURCE_ZH[source] ?? source) : source;
}

export function mfuSourceIn(source: string, locale: Locale): string {
  return locale === 'zh-CN' ? (MFU_SOURCE_ZH[source] ?? source) : source;
}

export function gpuNameIn(name: string, locale: Locale): string {
  return locale === 'zh-CN' ? (GPU_NAME_ZH[name] ?? name) : name;
}

/** A model's name on a chart's axis: "昇腾 910B" in Chinese. */
export function gpuShortNameIn(name: string, locale: Locale): string {
  return locale === 'zh-CN' ? (GPU_SHORT_NAME_ZH[name] ?? name) : name;
}
