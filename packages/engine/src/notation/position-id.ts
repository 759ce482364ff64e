import type { Position } from '../position.js';
import { err, type Result } from '../result.js';
import { isVariantId, type Color, type VariantId } from '../types.js';
import { makeGnubgPositionId, parseGnubgPositionId } from './gnubg-position-id.js';
import { makeLongPositionId, parseLongPositionId } from './long-position-id.js';

/**
 * The canonical Position ID of a variant (`docs/position-id.md`): GNU Backgammon's Position ID for short
 * nardy and Caucasian (from the view of the side on roll; the colour on roll is not part of it), the
 * long-nardy ID (with the side on roll and both first-turn flags) for long nardy. 14 characters either way.
 */
export function makePositionId(pos: Position): string {
  return pos.variant === 'long' ? makeLongPositionId(pos) : makeGnubgPositionId(pos);
}

/**
 * Reads a Position ID of the given variant. For short nardy and Caucasian `turn` names the colour on roll
 * (default White); long-nardy IDs carry it themselves, and `turn` is ignored there.
 */
export function parsePositionId(variant: VariantId, id: unknown, turn: Color = 'white'): Result<Position> {
  if (!isVariantId(variant)) return err('BAD_VARIANT', `unknown variant ${JSON.stringify(variant)}`);
  return variant === 'long' ? parseLongPositionId(id) : parseGnubgPositionId(id, variant, turn);
}
