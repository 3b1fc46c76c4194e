/** A two-player table started in a home (table/types.ts, Home), for the tests of games away from threads. */
import { newLobby, start, type Home, type PlayingTable, type TableSettings } from '../../src/table/index.js';

/** No variant, no timer. */
export const PLAIN_SETTINGS = {
  mightyDuel: false,
  harmony: false,
  middleKingdom: false,
  dynasty: false,
  threePlayerClassic: false,
  balancedOpening: false,
  turnTimerS: 0,
} as const;

/** Table 111, lobby in channel 222, outside servers; players 1 (host) and 2. */
export function startedIn(home: Home, settings: TableSettings = PLAIN_SETTINGS): PlayingTable {
  const seat = (userId: string) => ({ kind: 'human', userId, name: `Player ${userId}` }) as const;
  const lobby = newLobby({
    id: '111',
    guildId: '@me',
    channelId: '222',
    host: seat('1'),
    others: [seat('2')],
    settings,
    now: 0,
    home,
  });
  const started = start(lobby, { userId: '1', moderator: false }, 'seed', 0);
  if (!started.ok) throw new Error('did not start');
  return started.value;
}
