/** The board: the component, its contract, and the pure helpers the replay page reuses. */
export { Board } from './Board';
export type { BoardInput, BoardModel, BoardProps, BoardSettings, BoardStep, Translate } from './types';
export { applySteps, BAR, OFF } from './position';
export { diceFaces, type DieFace } from './dice';
