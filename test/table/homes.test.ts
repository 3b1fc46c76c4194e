/** A game in the bot's DM: its boards are posted in that DM, so no "your turn" DM comes beside them. */
import { describe, expect, it } from 'vitest';
import { newLobby, start, turnDmDue, withPace, type Home, type PlayingTable } from '../../src/table/index.js';

function correspondenceIn(home: Home): PlayingTable {
  const seat = (userId: string) => ({ kind: 'human', userId, name: `Player ${userId}` }) as const;
  const settings = withPace(
    {
      mightyDuel: false,
      harmony: false,
      middleKingdom: false,
      dynasty: false,
      threePlayerClassic: false,
      balancedOpening: false,
      turnTimerS: 0,
    },
    '1d',
  );
  const lobby = newLobby({
    id: '1',
    guildId: '@me',
    channelId: '2',
    host: seat('3'),
    others: [seat('4')],
    settings,
    now: 0,
    home,
  });
  const started = start(lobby, { userId: '3', moderator: false }, 'seed', 0);
  if (!started.ok) throw new Error('did not start');
  return started.value;
}

describe('turn DMs by home', () => {
  it('DMs the player to move of a group DM game, not of a game in the bot’s DM', () => {
    expect(turnDmDue(correspondenceIn('message'))).not.toBeNull();
    expect(turnDmDue(correspondenceIn('dm'))).toBeNull();
  });
});
