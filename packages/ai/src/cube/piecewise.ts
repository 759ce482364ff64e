/** A corner of a piecewise-linear equity curve: at win chance `p` the equity (or match winning chance) is `value`. */
export interface Anchor {
  readonly p: number;
  readonly value: number;
}

/** The curve through `anchors` (sorted by p, the first at p = 0 and the last at p = 1) at win chance `p`. */
export function interpolate(anchors: readonly Anchor[], p: number): number {
  const q = Math.min(1, Math.max(0, p));
  for (let i = 1; i < anchors.length; i++) {
    const a = anchors[i - 1]!;
    const b = anchors[i]!;
    if (q <= b.p) return b.p === a.p ? b.value : a.value + ((b.value - a.value) * (q - a.p)) / (b.p - a.p);
  }
  return anchors[anchors.length - 1]!.value;
}

/**
 * The smallest win chance at which a non-decreasing curve reaches `value`: 0 when it starts at or above it,
 * 1 when it never gets there. Used for take and cash points (where taking and passing are worth the same).
 */
export function solve(anchors: readonly Anchor[], value: number): number {
  if (anchors[0]!.value >= value) return 0;
  for (let i = 1; i < anchors.length; i++) {
    const a = anchors[i - 1]!;
    const b = anchors[i]!;
    if (b.value >= value) return b.value === a.value ? b.p : a.p + ((b.p - a.p) * (value - a.value)) / (b.value - a.value);
  }
  return 1;
}

/**
 * The anchors of a fully live cube (Janowski): from (0, `lose`) to (1, `win`) through the take point — below it
 * the opponent doubles and the side passes, `passed` — and the cash point — above it the side doubles and the
 * opponent passes, `cashed`; either may be absent (that side cannot double, or the point falls outside 0–1).
 * If the take point is not below the cash point (no doubling window at odd match scores) both meet halfway.
 */
export function liveCurve(
  lose: number,
  win: number,
  take: { readonly p: number; readonly value: number } | null,
  cash: { readonly p: number; readonly value: number } | null,
): Anchor[] {
  const inside = (a: Anchor | null): a is Anchor => a !== null && a.p > 0 && a.p < 1;
  let t = inside(take) ? take : null;
  let c = inside(cash) ? cash : null;
  if (t && c && t.p >= c.p) {
    t = { p: (t.p + c.p) / 2, value: (t.value + c.value) / 2 };
    c = null;
  }
  return [{ p: 0, value: lose }, ...(t ? [t] : []), ...(c ? [c] : []), { p: 1, value: win }];
}
