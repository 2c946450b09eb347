/**
 * Market prices over the horizon (docs/model.md §2 "Market prices over the horizon", v2).
 *
 * The price of GPU-time falls by `decline` a year: renters and platform users pay the price of each
 * month, month 1 at today's price, so month m costs (1 − d)^((m − 1) / 12) of today's. With d = 0 every
 * factor is exactly 1, so the flat-price model is reproduced to the last bit. A negative decline is a
 * rise (model v4: the market of 2026 rose 20–40 %); price-path.ts builds shaped paths on these.
 */
export function marketFactorAtMonth(decline: number, month: number): number {
  if (decline === 0) return 1;
  return Math.exp((Math.log1p(-Math.min(decline, 0.999999)) * (month - 1)) / 12);
}

/**
 * An own cluster's hardware prices by month of service, from the hardware purchase and resale paths
 * (hardware-path.ts hardwarePrices): multiples of today's price.
 */
export interface HardwarePrices {
  purchaseAt(serviceMonth: number): number;
  resaleAt(serviceMonth: number): number;
}

/** Σ of the monthly factors over months `from`..`to` (inclusive; 0 when to < from). */
export function sumMarketFactors(decline: number, from: number, to: number): number {
  if (to < from) return 0;
  if (decline === 0) return to - from + 1;
  // Geometric series q^(from−1) … q^(to−1) with ln q = ln(1 − d) / 12; expm1/log1p keep tiny declines
  // exact, and a decline too small to move q off 1 is the flat count.
  const lnQ = Math.log1p(-Math.min(decline, 0.999999)) / 12;
  const n = to - from + 1;
  if (lnQ === 0) return n;
  return (Math.exp(lnQ * (from - 1)) * Math.expm1(lnQ * n)) / Math.expm1(lnQ);
}

/** Average of the monthly factors over months 1..horizon: what a flat monthly view of the bills uses. */
export function averageMarketFactor(decline: number, horizonMonths: number): number {
  if (decline === 0 || horizonMonths <= 0) return 1;
  return sumMarketFactors(decline, 1, horizonMonths) / horizonMonths;
}

/**
 * Resale (market) value of owned hardware of a given age: capex × (1 − r)^(age in years), never above
 * its book value (used accelerators fetch 25–35 % of new after three years: lender residual guide;
 * computeforecast 2026).
 */
export function resaleValueCny(
  capexCny: number,
  resaleDecline: number,
  ageMonths: number,
  bookCny: number,
): number {
  const market = resaleDecline <= 0 ? capexCny : capexCny * resaleFactor(resaleDecline, ageMonths);
  return Math.max(0, Math.min(market, bookCny));
}

/** (1 − r)^(age in years): the share of its price that hardware of this age still fetches. */
function resaleFactor(resaleDecline: number, ageMonths: number): number {
  return (1 - Math.min(resaleDecline, 1)) ** (ageMonths / 12);
}

/** Straight-line book value of hardware of a given age, down to its residual at the end of its life. */
export function bookValueCny(
  capexCny: number,
  residualFraction: number,
  lifeMonths: number,
  ageMonths: number,
): number {
  const used = Math.min(1, ageMonths / lifeMonths);
  return capexCny * (1 - (1 - residualFraction) * used);
}

/**
 * The owned hardware over a service of `serviceMonths` from delivery: bought at month 0 of service and
 * again each time its depreciation life ends (worn-out servers are replaced at the same price and sold
 * for what they fetch), and what the batch in service still fetches at the end.
 */
export interface HardwareLife {
  /** Service months (from delivery) at which a batch is bought: 0, life, 2·life … < service. */
  purchaseMonths: number[];
  /** What each batch costs (same order): the capex, × the hardware path's index for a later batch. */
  purchaseCny: number[];
  /** Sale of the worn-out batch at each replacement (same order as purchaseMonths[1..]). */
  saleCny: number[];
  /** Market value of the batch in service at the end (credited to self-build). */
  endMarketValueCny: number;
  /** Σ (book − market) over every batch sold or held at the end: the iteration risk of the service. */
  iterationLossCny: number;
}

export function hardwareLife(
  capexCny: number,
  residualFraction: number,
  lifeMonths: number,
  resaleDecline: number,
  serviceMonths: number,
  prices: HardwarePrices | null = null,
): HardwareLife {
  if (prices !== null) {
    const b = pricedBatches(capexCny, residualFraction, lifeMonths, resaleDecline, serviceMonths, prices);
    return {
      purchaseMonths: b.purchaseMonths,
      purchaseCny: b.purchaseCny,
      saleCny: b.saleCny,
      endMarketValueCny: b.endMarketValueCny,
      iterationLossCny: b.lossCny,
    };
  }
  const life = Math.max(1, lifeMonths);
  const purchaseMonths: number[] = [0];
  for (let m = life; m < serviceMonths; m += life) purchaseMonths.push(m);
  const saleCny: number[] = [];
  // Every batch is sold at the same age (its life), so at the same book and market value.
  const soldBook = bookValueCny(capexCny, residualFraction, life, life);
  for (let i = 1; i < purchaseMonths.length; i++)
    saleCny.push(resaleValueCny(capexCny, resaleDecline, life, soldBook));
  const lastAge = serviceMonths - (purchaseMonths[purchaseMonths.length - 1] ?? 0);
  const endBook = bookValueCny(capexCny, residualFraction, life, lastAge);
  const endMarket = resaleValueCny(capexCny, resaleDecline, lastAge, endBook);
  return {
    purchaseMonths,
    purchaseCny: purchaseMonths.map(() => capexCny),
    saleCny,
    endMarketValueCny: endMarket,
    iterationLossCny: iterationLossCny(capexCny, residualFraction, lifeMonths, resaleDecline, serviceMonths),
  };
}

/**
 * `hardwareLife(...).iterationLossCny` without building its lists: Σ (book − market) over every batch
 * sold at a replacement and the one held at the end. `resaleValue` is resaleValueCny; the kernel passes
 * its own, which remembers the last resale factors (the same numbers).
 */
export function iterationLossCny(
  capexCny: number,
  residualFraction: number,
  lifeMonths: number,
  resaleDecline: number,
  serviceMonths: number,
  resaleValue: typeof resaleValueCny = resaleValueCny,
  prices: HardwarePrices | null = null,
): number {
  if (prices !== null)
    return pricedBatches(
      capexCny,
      residualFraction,
      lifeMonths,
      resaleDecline,
      serviceMonths,
      prices,
      resaleValue,
    ).lossCny;
  const life = Math.max(1, lifeMonths);
  let loss = 0;
  let lastPurchase = 0;
  if (life < serviceMonths) {
    // Every batch is sold at the same age (its life), so each sale loses the same amount.
    const soldBook = bookValueCny(capexCny, residualFraction, life, life);
    const soldLoss = soldBook - resaleValue(capexCny, resaleDecline, life, soldBook);
    for (let m = life; m < serviceMonths; m += life) {
      loss += soldLoss;
      lastPurchase = m;
    }
  }
  const lastAge = serviceMonths - lastPurchase;
  const endBook = bookValueCny(capexCny, residualFraction, life, lastAge);
  loss += endBook - resaleValue(capexCny, resaleDecline, lastAge, endBook);
  return Math.max(0, loss);
}

/**
 * The batches of a service with hardware on price paths (model v4, hardware-path.ts hardwarePrices): the
 * first at the capex (ordered today), each replacement at the capex × the purchase index of its month;
 * each worn-out batch sold at the capex × the resale index of the month × the decline for its age,
 * never above its own book value (what it cost, depreciated) — and the loss to resale below book.
 * Without paths hardwareLife and iterationLossCny keep their own loops (v14, to the bit).
 */
function pricedBatches(
  capexCny: number,
  residualFraction: number,
  lifeMonths: number,
  resaleDecline: number,
  serviceMonths: number,
  prices: HardwarePrices,
  resaleValue: typeof resaleValueCny = resaleValueCny,
): {
  purchaseMonths: number[];
  purchaseCny: number[];
  saleCny: number[];
  endMarketValueCny: number;
  lossCny: number;
} {
  const life = Math.max(1, lifeMonths);
  const purchaseMonths = [0];
  const purchaseCny = [capexCny];
  const saleCny: number[] = [];
  let loss = 0;
  let paid = capexCny;
  for (let m = life; m < serviceMonths; m += life) {
    const soldBook = bookValueCny(paid, residualFraction, life, life);
    const sale = resaleValue(capexCny * prices.resaleAt(m), resaleDecline, life, soldBook);
    saleCny.push(sale);
    loss += soldBook - sale;
    paid = capexCny * prices.purchaseAt(m);
    purchaseMonths.push(m);
    purchaseCny.push(paid);
  }
  const lastAge = serviceMonths - (purchaseMonths[purchaseMonths.length - 1] ?? 0);
  const endBook = bookValueCny(paid, residualFraction, life, lastAge);
  const endMarketValueCny = resaleValue(
    capexCny * prices.resaleAt(serviceMonths),
    resaleDecline,
    lastAge,
    endBook,
  );
  loss += endBook - endMarketValueCny;
  return { purchaseMonths, purchaseCny, saleCny, endMarketValueCny, lossCny: Math.max(0, loss) };
}

/**
 * The straight-line depreciation over a service with hardware on a purchase path, per month, as a
 * multiple of the first cluster's: each batch depreciates what it cost over the months it serves, so
 * the average is Σ (batch's index × its months) ÷ the service. 1 without paths.
 */
export function hardwareDepreciationFactor(
  lifeMonths: number,
  serviceMonths: number,
  prices: HardwarePrices | null,
): number {
  if (prices === null || serviceMonths <= 0) return 1;
  const life = Math.max(1, lifeMonths);
  let weighted = Math.min(life, serviceMonths);
  for (let m = life; m < serviceMonths; m += life)
    weighted += prices.purchaseAt(m) * (Math.min(m + life, serviceMonths) - m);
  return weighted / serviceMonths;
}
