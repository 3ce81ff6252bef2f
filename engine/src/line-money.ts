/**
 * The money of one line — a quantity times a unit cost — in whole cents, rounded half away from zero (half
 * up, for the quantities and costs a café has). It is the rule the database applies to every line
 * (`round(quantity * unit_cost, 2)` on numeric values): order totals, the orders CSV, the order-spend and
 * inventory-value reports and the Inventory Management screen all round each line this way, then add lines.
 *
 * The product is computed on the exact decimals the two numbers spell, not on binary floats: 0.25 × 0.58 is
 * 0.145 and so 0.15, where `Math.round(0.25 * 0.58 * 100) / 100` sees 14.4999… and says 0.14.
 */
export function lineMoney(quantity: number, unitCost: number): number {
  if (!Number.isFinite(quantity) || !Number.isFinite(unitCost)) {
    throw new RangeError(`A line's money needs finite numbers, not ${quantity} × ${unitCost}`);
  }
  const q = exactDecimal(quantity);
  const c = exactDecimal(unitCost);
  const cents = roundHalfAwayFromZero(q.units * c.units, q.scale + c.scale - 2);
  return Number(cents) / 100;
}

/** A finite number as integer units of 10^-scale, read from its shortest decimal spelling ("0.58", "1e-7"). */
function exactDecimal(value: number): { units: bigint; scale: number } {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const negative = mantissa.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? mantissa.slice(1) : mantissa).split('.');
  const units = BigInt(whole + fraction);
  const scale = fraction.length - Number(exponent);
  const scaled = scale < 0 ? { units: units * 10n ** BigInt(-scale), scale: 0 } : { units, scale };
  return negative ? { units: -scaled.units, scale: scaled.scale } : scaled;
}

/** Drops `digits` decimal digits from an integer, rounding half away from zero (a negative count adds zeros). */
function roundHalfAwayFromZero(units: bigint, digits: number): bigint {
  if (digits <= 0) return units * 10n ** BigInt(-digits);
  const divisor = 10n ** BigInt(digits);
  const magnitude = units < 0n ? -units : units;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return units < 0n ? -rounded : rounded;
}
