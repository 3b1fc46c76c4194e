/**
 * Why the engine refused a placement or an action, in the reader's language: the
 * engine's own messages are for logs and tools, players read these (the panel's
 * text, its picture and its alt text say the same words).
 */
import type { IllegalPlacementReason, Rejection } from '../game/index.js';
import { t, type MessageKey } from '../i18n/index.js';

const PLACEMENT: Readonly<Record<IllegalPlacementReason, MessageKey>> = {
  'not-adjacent': 'rejection.placement.notAdjacent',
  occupied: 'rejection.placement.occupied',
  'no-connection': 'rejection.placement.noConnection',
  'out-of-frame': 'rejection.placement.outOfFrame',
};

export function rejectionText(rejection: Rejection): string {
  switch (rejection.code) {
    case 'illegal-placement':
      return t(PLACEMENT[rejection.reason]);
    case 'game-over':
      return t('game.over');
    case 'wrong-action':
      return t(rejection.expected === 'claim' ? 'rejection.pickFirst' : 'rejection.placeFirst');
    case 'must-place':
      return t('rejection.mustPlace');
    case 'domino-unavailable':
      return t('rejection.dominoTaken');
    case 'not-your-turn':
      return t('rejection.notYourTurn');
    case 'malformed':
      return t('rejection.malformed');
  }
}
