/**
 * Carries the short-nardy nets of a weights folder (`NARDY_WEIGHTS_DIR`, else the package's) from the
 * `short-v1` inputs to `short-v2` (four more features per side), with the same outputs: the new inputs start
 * with zero weights (`Mlp.withInputs`) and learn in the next training round. Nets already on `short-v2` are
 * left alone, so running it twice changes nothing.
 *
 *   npm run train -- upgrade-inputs
 */
import { readFileSync } from 'node:fs';
import { decodeNet, SHORT_ENCODING, SHORT_FAMILY, SHORT_INPUTS, SHORT_V1_ENCODING, shortV1ToV2 } from '@nardy/ai/lab';
import { WEIGHTS_DIR } from '@nardy/ai/node';
import { saveNets } from './save-nets.js';

const family = SHORT_FAMILY;
// Each file read and decoded once; a file of any other encoding stops the run, naming it.
const decoded = family.classes.map((cls) => {
  const result = decodeNet(readFileSync(new URL(family.file(cls), WEIGHTS_DIR)));
  if (!result.ok) throw new Error(`${family.file(cls)}: ${result.error.message}`);
  const { encoding } = result.value.meta;
  if (encoding !== SHORT_ENCODING && encoding !== SHORT_V1_ENCODING)
    throw new Error(`${family.file(cls)}: reads "${encoding}", neither ${SHORT_V1_ENCODING} nor ${SHORT_ENCODING}`);
  return { cls, ...result.value };
});
if (decoded.every((d) => d.meta.encoding === SHORT_ENCODING)) {
  console.log(`the nets in ${WEIGHTS_DIR.pathname} read ${SHORT_ENCODING} already`);
  process.exit(0);
}
const nets = Object.fromEntries(decoded.map((d) => [d.cls, d.meta.encoding === SHORT_ENCODING ? d.net : d.net.withInputs(SHORT_INPUTS, shortV1ToV2)]));
const training = (cls: string): Record<string, unknown> => {
  const { meta } = decoded.find((d) => d.cls === cls)!;
  return meta.encoding === SHORT_ENCODING ? { ...meta.training } : { ...meta.training, inputs: `${SHORT_V1_ENCODING} → ${SHORT_ENCODING}, new inputs at zero` };
};
saveNets(family, nets, WEIGHTS_DIR, training);
console.log(`${family.classes.map((cls) => family.file(cls)).join(', ')} in ${WEIGHTS_DIR.pathname} now read ${SHORT_ENCODING}`);
