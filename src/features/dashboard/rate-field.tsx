import { parseInRange } from '../../components/parameter-value';
import { STEADY_SHAPE } from '../../engine';
import { formatNumber, formatPercent, type Locale } from '../../lib/format';
import type { ScenarioIssue } from '../../scenario';
import { ValidatedNumberField } from './validated-number-field';

/**
 * A steady path's yearly decline, typed in percent (negative: a rise), through the one door as the
 * assumption fields are (ValidatedNumberField): a value outside ±40 % refused with nothing changed.
 */
export function RateField({
  label,
  path,
  decline,
  locale,
  apply,
}: {
  label: string;
  /** The scenario path the rate writes (finance.termPriceShape …): the issues are said against it. */
  path: string;
  decline: number;
  locale: Locale;
  /** Commits the path at this yearly decline; the issues when the door refuses it, else null. */
  apply: (decline: number) => ScenarioIssue[] | null;
}) {
  return (
    <ValidatedNumberField
      className="hardware-path__rate"
      label={label}
      path={path}
      value={decline * 100}
      locale={locale}
      format={(percent) => formatNumber(percent, locale, 1)}
      parse={(text) =>
        parseInRange(text, STEADY_SHAPE.min * 100, STEADY_SHAPE.max * 100, false, {
          currency: null,
          percent: true,
        })
      }
      apply={(percent) => apply(percent / 100)}
      showLimit={(v) => formatPercent(v / 100, locale, 0)}
    />
  );
}
