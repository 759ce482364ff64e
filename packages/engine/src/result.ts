/** Errors are values: every public function that can meet bad input returns a Result. */
export type Result<T, E = EngineError> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export interface EngineError {
  readonly code: ErrorCode;
  readonly message: string;
}

export const ERROR_CODES = [
  'BAD_SETUP',
  'BAD_CHECKER_COUNT',
  'BAD_DICE',
  'BAD_POSITION_ID',
  'BAD_MATCH_ID',
  'BAD_NOTATION',
  'BAD_OPTIONS',
  'BAD_VARIANT',
  'ILLEGAL_STEP',
  'ILLEGAL_TURN',
  'NOT_YOUR_TURN',
  'WRONG_PHASE',
  'CUBE_NOT_ALLOWED',
  'BAD_ACTION',
  'GAME_OVER',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = (code: ErrorCode, message: string): Result<never, EngineError> => ({
  ok: false,
  error: { code, message },
});
