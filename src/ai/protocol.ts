/** Messages between AiPool and its workers (structured-clone friendly). */
import type { Action, AiLevel, GameState, Placement } from '../game/index.js';
import type { MoveVerdict, ReviewJob } from './review.js';
import type { ChooseOptions } from './types.js';

export type AiRequest =
  | {
      readonly id: number;
      readonly kind: 'choose';
      readonly state: GameState;
      readonly level: AiLevel;
      readonly opts: ChooseOptions;
    }
  | { readonly id: number; readonly kind: 'hint'; readonly state: GameState; readonly opts: ChooseOptions }
  /** One move of a game review (review.ts): its view is public, as every AI job's. */
  | { readonly id: number; readonly kind: 'review'; readonly job: ReviewJob };

/** What a job answers: an action (choose), a placement or null (hint), a verdict (review). */
export type AiValue = Action | Placement | null | MoveVerdict;

export type AiReply =
  | { readonly id: number; readonly ok: true; readonly value: AiValue }
  | { readonly id: number; readonly ok: false; readonly error: string };
