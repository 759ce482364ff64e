/**
 * Carries the short-nardy nets of a weights folder (`NARDY_WEIGHTS_DIR`, else the package's) from the
 * `short-v1` inputs to `short-v2` (four more features per side), with the same outputs: the new inputs start
 * with zero weights (`Mlp.withInputs`) and learn in the next training round. Nets already on `short-v2` are
 * left alone, so running it twice changes nothing.
 *
 *   node packages/ai/dist/train/upgrade-inputs-main.js
 */
import { readFileSync } from 'node:fs';
import { WEIGHTS_DIR, loadNet } from '../net/load.js';
import { decodeNet } from '../net/net-file.js';
import { SHORT_FAMILY, type ShortClass } from '../net/short-evaluator.js';
import { SHORT_ENCODING, SHORT_INPUTS, SHORT_V1_ENCODING, shortV1ToV2 } from '../net/short-inputs.js';
import { saveNets } from './save-nets.js';

const family = SHORT_FAMILY;
const encodingOf = (cls: ShortClass): string => {
  const decoded = decodeNet(readFileSync(new URL(family.file(cls), WEIGHTS_DIR)));
  if (!decoded.ok) throw new Error(`${family.file(cls)}: ${decoded.error.message}`);
  return decoded.value.meta.encoding;
};
if (family.classes.every((cls) => encodingOf(cls) === SHORT_ENCODING)) {
  console.log(`the nets in ${WEIGHTS_DIR.pathname} read ${SHORT_ENCODING} already`);
  process.exit(0);
}
const loaded = Object.fromEntries(
  family.classes.map((cls) => {
    const { net, meta } = encodingOf(cls) === SHORT_ENCODING ? loadNet(family.file(cls), SHORT_ENCODING) : loadNet(family.file(cls), SHORT_V1_ENCODING);
    const upgraded = meta.encoding === SHORT_ENCODING ? net : net.withInputs(SHORT_INPUTS, shortV1ToV2);
    const training = meta.encoding === SHORT_ENCODING ? meta.training : { ...meta.training, inputs: `${SHORT_V1_ENCODING} → ${SHORT_ENCODING}, new inputs at zero` };
    return [cls, { net: upgraded, training: training ?? {} }];
  }),
);
saveNets(family, Object.fromEntries(family.classes.map((cls) => [cls, loaded[cls]!.net])), WEIGHTS_DIR, (cls) => loaded[cls]!.training);
console.log(`${family.classes.map((cls) => family.file(cls)).join(', ')} in ${WEIGHTS_DIR.pathname} now read ${SHORT_ENCODING}`);
