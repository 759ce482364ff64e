import { loadNet } from './load.js';
import { SHORT_ENCODING } from './short-inputs.js';
import { ShortNetEvaluator, type ShortNets } from './short-evaluator.js';

let nets: ShortNets | undefined;

/** The committed short-nardy nets (`weights/short-contact.nnet`, `short-race.nnet`), read once on first use. */
export function shortNets(): ShortNets {
  nets ??= { contact: loadNet('short-contact.nnet', SHORT_ENCODING).net, race: loadNet('short-race.nnet', SHORT_ENCODING).net };
  return nets;
}

let shared: ShortNetEvaluator | undefined;

/** One evaluator over the committed nets per thread (it keeps scratch buffers; the engine is single-threaded). */
export function shortEvaluator(): ShortNetEvaluator {
  shared ??= new ShortNetEvaluator(shortNets());
  return shared;
}
