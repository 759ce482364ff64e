/**
 * @nardy/ai/lab: the runtime's insides that the lab (`packages/train`: TD, distillation, promotion) and the
 * benches work on — the nets and their file format, the net families and their inputs, the exact and cached
 * evaluations, the long-nardy MET builder. Node-free like the runtime; not for the product's packages.
 */
export { Mlp } from './net/mlp.js';
export { AdamTrainer } from './net/adam.js';
export { blendNets } from './net/blend.js';
export { encodeNet, decodeNet, type LoadedNet, type NetMeta } from './net/net-file.js';
export { loadNet } from './net/load.js';
export { NetEvaluator, finishedProbabilities, type NetFamily, type NetSet } from './net/net-evaluator.js';
export { loadFamily, familyEvaluator } from './net/committed-nets.js';
export { SHORT_FAMILY, hasCrashed, shortClassOf, type ShortClass } from './net/short-evaluator.js';
export { LONG_FAMILY, longClassOf } from './net/long-family.js';
export { pruneFamilyOf } from './net/prune-family.js';
export { SHORT_ENCODING, SHORT_INPUTS, SHORT_V1_ENCODING, shortV1ToV2 } from './net/short-inputs.js';
export { exactEvaluator } from './evaluator.js';
export { EvalCache } from './search/eval-cache.js';
export { longMatchEquityTable } from './cube/met-long.js';
export { toVec } from './rollout/vector.js';
