/** A game in the bot's DM: its boards are posted in that DM, so no "your turn" DM comes beside them. */
import { describe, expect, it } from 'vitest';
import { turnDmDue, withPace, type Home } from '../../src/table/index.js';
import { PLAIN_SETTINGS, startedIn } from '../support/homes.js';

function correspondenceIn(home: Home) {
  return startedIn(home, withPace(PLAIN_SETTINGS, '1d'));
}

describe('turn DMs by home', () => {
  it('DMs the player to move of a group DM game, not of a game in the bot’s DM', () => {
    expect(turnDmDue(correspondenceIn('message'))).not.toBeNull();
    expect(turnDmDue(correspondenceIn('dm'))).toBeNull();
  });
});
