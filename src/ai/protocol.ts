/** Messages between AiPool and its workers (structured-clone friendly). */
import type { Action, AiLevel, GameState, Placement } from '../game/index.js';
import type { ChooseOptions } from './types.js';

export type AiRequest =
  | { readonly id: number; readonly kind: 'choose'; readonly state: GameState; readonly level: AiLevel; readonly opts: ChooseOptions }
  | { readonly id: number; readonly kind: 'hint'; readonly state: GameState; readonly opts: ChooseOptions };

export type AiReply =
  | { readonly id: number; readonly ok: true; readonly value: Action | Placement | null }
  | { readonly id: number; readonly ok: false; readonly error: string };
