/**
 * A small multilayer perceptron as gnubg uses: one sigmoid hidden layer, sigmoid outputs (each output a
 * probability). Weights are plain Float32Arrays so they load from a binary file without copying.
 *
 * The first layer is stored input-major (`w1[i * hidden + j]`): board encodings are mostly zeros, so the
 * forward pass adds one contiguous row per non-zero input instead of a full matrix product.
 */
export interface MlpShape {
  readonly inputs: number;
  readonly hidden: number;
  readonly outputs: number;
}

export interface MlpWeights {
  /** inputs × hidden, input-major. */
  readonly w1: Float32Array;
  readonly b1: Float32Array;
  /** outputs × hidden, output-major. */
  readonly w2: Float32Array;
  readonly b2: Float32Array;
}

/** Something that computes a net's outputs: `Mlp` itself, or a copy of its weights elsewhere (`WasmMlp`). */
export interface NetRunner {
  forward(x: Float32Array, out: Float64Array): void;
}

export const parameterCount = (s: MlpShape): number => s.inputs * s.hidden + s.hidden + s.outputs * s.hidden + s.outputs;

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

export class Mlp {
  readonly shape: MlpShape;
  readonly weights: MlpWeights;
  /** Scratch: the last forward pass's hidden activations (also what `train` back-propagates through). */
  private readonly h: Float32Array;
  private readonly dh: Float32Array;
  /** Where forward passes go while set (`accelerate`); undefined: this class's own TypeScript pass. */
  private runner: NetRunner | undefined;

  constructor(shape: MlpShape, weights: MlpWeights) {
    const { inputs, hidden, outputs } = shape;
    if (weights.w1.length !== inputs * hidden || weights.b1.length !== hidden || weights.w2.length !== outputs * hidden || weights.b2.length !== outputs) {
      throw new RangeError(`weights do not fit a ${inputs}-${hidden}-${outputs} net`);
    }
    this.shape = shape;
    this.weights = weights;
    this.h = new Float32Array(hidden);
    this.dh = new Float32Array(hidden);
  }

  /** A fresh net with small uniform random weights (`rng` in [0, 1)), as for the start of self-play training. */
  static random(shape: MlpShape, rng: () => number, scale = 0.1): Mlp {
    const fill = (n: number): Float32Array => Float32Array.from({ length: n }, () => (rng() * 2 - 1) * scale);
    return new Mlp(shape, { w1: fill(shape.inputs * shape.hidden), b1: fill(shape.hidden), w2: fill(shape.outputs * shape.hidden), b2: fill(shape.outputs) });
  }

  /**
   * The same net with `hidden` hidden units (at least as many as now), computing the same outputs: the new units
   * get small random input weights and zero output weights, so training starts where this net left off and the
   * extra capacity comes in as it learns (the "net2net" way to grow a trained net instead of starting again).
   */
  widen(hidden: number, rng: () => number, scale = 0.1): Mlp {
    const { inputs, hidden: h, outputs } = this.shape;
    if (!Number.isInteger(hidden) || hidden < h) throw new RangeError(`cannot widen ${h} hidden units to ${hidden}`);
    const small = (): number => (rng() * 2 - 1) * scale;
    const { w1, b1, w2, b2 } = this.weights;
    const nw1 = new Float32Array(inputs * hidden);
    for (let i = 0; i < inputs; i++) {
      nw1.set(w1.subarray(i * h, (i + 1) * h), i * hidden);
      for (let j = h; j < hidden; j++) nw1[i * hidden + j] = small();
    }
    const nb1 = new Float32Array(hidden);
    nb1.set(b1);
    for (let j = h; j < hidden; j++) nb1[j] = small();
    const nw2 = new Float32Array(outputs * hidden);
    for (let k = 0; k < outputs; k++) nw2.set(w2.subarray(k * h, (k + 1) * h), k * hidden);
    return new Mlp({ inputs, hidden, outputs }, { w1: nw1, b1: nb1, w2: nw2, b2: b2.slice() });
  }

  /**
   * The same net reading a longer input vector: old input i becomes input `place(i)`, the inputs nothing maps to
   * start with zero weights — so the outputs are unchanged until training gives the new inputs a say (a net
   * carried over to an encoding with more features).
   */
  withInputs(inputs: number, place: (i: number) => number): Mlp {
    const { inputs: n, hidden, outputs } = this.shape;
    const { w1, b1, w2, b2 } = this.weights;
    const nw1 = new Float32Array(inputs * hidden);
    const taken = new Set<number>();
    for (let i = 0; i < n; i++) {
      const to = place(i);
      if (!Number.isInteger(to) || to < 0 || to >= inputs || taken.has(to)) throw new RangeError(`input ${i} cannot move to ${to} of ${inputs}`);
      taken.add(to);
      nw1.set(w1.subarray(i * hidden, (i + 1) * hidden), to * hidden);
    }
    return new Mlp({ inputs, hidden, outputs }, { w1: nw1, b1: b1.slice(), w2: w2.slice(), b2: b2.slice() });
  }

  clone(): Mlp {
    const w = this.weights;
    return new Mlp(this.shape, { w1: w.w1.slice(), b1: w.b1.slice(), w2: w.w2.slice(), b2: w.b2.slice() });
  }

  /**
   * Sends the forward passes to `runner`, a copy of these weights (wasm-mlp.ts), until the next `train` step
   * drops it: training changes the weights and back-propagates through this class's own hidden units. Code
   * that changes the weights in any other way must call `accelerate(undefined)` first.
   */
  accelerate(runner: NetRunner | undefined): void {
    this.runner = runner;
  }

  get accelerated(): boolean {
    return this.runner !== undefined;
  }

  /** Writes the outputs for input `x` into `out`. */
  forward(x: Float32Array, out: Float64Array): void {
    if (this.runner) this.runner.forward(x, out);
    else this.forwardTs(x, out);
  }

  /** The TypeScript forward pass (also the fallback where WebAssembly SIMD is missing). */
  private forwardTs(x: Float32Array, out: Float64Array): void {
    const { inputs, hidden, outputs } = this.shape;
    const { w1, b1, w2, b2 } = this.weights;
    const h = this.h;
    h.set(b1);
    for (let i = 0; i < inputs; i++) {
      const v = x[i]!;
      if (v === 0) continue;
      const row = i * hidden;
      if (v === 1) for (let j = 0; j < hidden; j++) h[j]! += w1[row + j]!;
      else for (let j = 0; j < hidden; j++) h[j]! += v * w1[row + j]!;
    }
    for (let j = 0; j < hidden; j++) h[j] = sigmoid(h[j]!);
    for (let k = 0; k < outputs; k++) {
      let s = b2[k]!;
      const row = k * hidden;
      for (let j = 0; j < hidden; j++) s += w2[row + j]! * h[j]!;
      out[k] = sigmoid(s);
    }
  }

  /**
   * One stochastic gradient step towards `target` under cross-entropy loss (for sigmoid outputs its gradient
   * is simply target − output, with no vanishing y(1−y) factor). Returns the squared error before the step.
   * `outputOnly` leaves the hidden layer as it is: a few thousand costly labels (rollouts) can recalibrate the
   * outputs on the features the net already has without overfitting its ~20,000 first-layer weights.
   */
  train(x: Float32Array, target: ArrayLike<number>, rate: number, out: Float64Array, outputOnly = false): number {
    return this.backprop(x, target, rate, out, this.weights, outputOnly);
  }

  /**
   * Adds the gradient of the cross-entropy loss at `x` (towards `target`; the direction that lowers the loss)
   * to `into`, leaving the weights as they are: for optimizers that step once per batch (`AdamTrainer`).
   * Returns the squared error.
   */
  accumulate(x: Float32Array, target: ArrayLike<number>, out: Float64Array, into: MlpWeights): number {
    return this.backprop(x, target, 1, out, into, false);
  }

  /**
   * Back-propagation, adding `rate` × the gradient to `to`: the weights themselves (a stochastic gradient step;
   * each second-layer weight is read before it is changed) or a gradient buffer of the same shape.
   */
  private backprop(x: Float32Array, target: ArrayLike<number>, rate: number, out: Float64Array, to: MlpWeights, outputOnly: boolean): number {
    this.runner = undefined;
    this.forwardTs(x, out);
    const { inputs, hidden, outputs } = this.shape;
    const { w2 } = this.weights;
    const h = this.h;
    const dh = this.dh.fill(0);
    let sq = 0;
    for (let k = 0; k < outputs; k++) {
      const d = target[k]! - out[k]!;
      sq += d * d;
      if (d === 0) continue;
      const row = k * hidden;
      for (let j = 0; j < hidden; j++) {
        dh[j]! += d * w2[row + j]!;
        to.w2[row + j]! += rate * d * h[j]!;
      }
      to.b2[k]! += rate * d;
    }
    if (outputOnly) return sq;
    for (let j = 0; j < hidden; j++) {
      const hj = h[j]!;
      dh[j] = rate * dh[j]! * hj * (1 - hj);
      to.b1[j]! += dh[j]!;
    }
    for (let i = 0; i < inputs; i++) {
      const v = x[i]!;
      if (v === 0) continue;
      const row = i * hidden;
      for (let j = 0; j < hidden; j++) to.w1[row + j]! += v * dh[j]!;
    }
    return sq;
  }
}
