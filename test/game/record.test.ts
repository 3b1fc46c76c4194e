import { describe, expect, it } from 'vitest';
import type { GameEvent, GameRecord, GameState } from '../../src/game/index.js';
import { checkRecord, fromRecord, prompt, result, toRecord } from '../../src/game/index.js';
import { Rng } from '../../src/game/rng.js';
import { BONUSES, SETUPS, randomGame, type Setup } from './property-support.js';

/** A record as it travels: through JSON text, so nothing but plain data survives. */
function exported(state: GameState): GameRecord {
  return JSON.parse(JSON.stringify(toRecord(state))) as GameRecord;
}

function finished(setup: Setup = SETUPS[4]!, seed = 'record'): GameState {
  return randomGame(setup, seed, BONUSES);
}

/** An event as plain, editable JSON. */
type EditableEvent = { type: string; line?: unknown[]; player?: number; domino?: number; a?: number[]; b?: number[] };

/** A copy of a record with its events changed by `edit`. */
function withEvents(record: GameRecord, edit: (events: EditableEvent[]) => void): unknown {
  const events = structuredClone(record.events) as unknown as EditableEvent[];
  edit(events);
  return { ...record, events };
}

function rejection(record: unknown): { code: string; message: string } {
  const rebuilt = fromRecord(record);
  if (rebuilt.ok) throw new Error('the record was accepted');
  return rebuilt.error;
}

describe('toRecord', () => {
  it('writes kingdomino-record/1 with the seed, options, players and events', () => {
    const state = finished();
    const record = exported(state);
    expect(record.format).toBe('kingdomino-record/1');
    expect(record.seed).toBe('record');
    expect(record.options).toEqual({ players: 4, grid: 5, harmony: true, middleKingdom: true });
    expect(record.players).toEqual(state.seats.map((s) => ({ name: s.name, kind: s.kind, kings: 1 })));
    expect(record.events).toEqual(state.events);
    expect(record.events[0]?.type).toBe('reveal');
  });

  it('gives two kings to each player of a 2-player game', () => {
    expect(exported(randomGame(SETUPS[0]!, 'kings', {}, 3)).players.map((p) => p.kings)).toEqual([2, 2]);
  });

  it('names the 3-player mode only in 3-player games, and the balanced opening only when it is on', () => {
    expect(exported(randomGame(SETUPS[3]!, 'classic', {}, 1)).options).toEqual({
      players: 3,
      grid: 5,
      harmony: false,
      middleKingdom: false,
      threePlayer: 'classic',
    });
    expect(exported(randomGame(SETUPS[2]!, 'discard', {}, 1)).options.threePlayer).toBe('discard');
    expect(exported(randomGame(SETUPS[1]!, 'balanced', {}, 1)).options).toEqual({
      players: 2,
      grid: 5,
      harmony: false,
      middleKingdom: false,
      balancedOpening: true,
    });
    expect(exported(randomGame(SETUPS[5]!, 'duel', {}, 1)).options).toEqual({
      players: 2,
      grid: 7,
      harmony: false,
      middleKingdom: false,
    });
  });

  it('adds the result, without territory cells, once the game is over', () => {
    const state = finished();
    const over = result(state)!;
    const record = exported(state);
    expect(record.result?.winners).toEqual(over.winners);
    expect(record.result?.scores.map((s) => s.total)).toEqual(over.scores.map((s) => s.total));
    for (const score of record.result!.scores) {
      for (const territory of score.territories)
        expect(Object.keys(territory).sort()).toEqual(['crowns', 'points', 'squares', 'terrain']);
    }
    expect(exported(randomGame(SETUPS[4]!, 'running', {}, 20))).not.toHaveProperty('result');
  });
});

describe('fromRecord rebuilds the identical game', () => {
  for (const setup of SETUPS) {
    it(`${setup.name}: running and finished games`, () => {
      for (const steps of [0, 1, 7, setup.used, Infinity]) {
        const state = randomGame(setup, `round-trip/${steps}`, BONUSES, steps);
        const rebuilt = fromRecord(exported(state));
        expect(rebuilt).toEqual({ ok: true, value: state });
      }
    });
  }

  it('reads the JSON text of a record as well', () => {
    const state = finished();
    expect(fromRecord(JSON.stringify(toRecord(state)))).toEqual({ ok: true, value: state });
  });

  it('accepts a finished record without its result (it is derived from the events)', () => {
    const { result: _, ...record } = exported(finished());
    expect(fromRecord(record).ok).toBe(true);
  });
});

describe('fromRecord rejects a bad record with a reason, and never throws', () => {
  it('a wrong format string', () => {
    const error = rejection({ ...exported(finished()), format: 'kingdomino-record/2' });
    expect(error.code).toBe('malformed');
    expect(error.message).toContain('kingdomino-record/1');
  });

  it('garbage instead of a record', () => {
    for (const garbage of [
      '{"format": "kingdomino-record/1", ',
      'not json',
      null,
      42,
      [],
      {},
      { format: 'kingdomino-record/1' },
    ]) {
      expect(rejection(garbage).code).toBe('malformed');
    }
  });

  it('fields of the wrong shape, naming the field', () => {
    const record = exported(finished());
    expect(rejection({ ...record, seed: 42 }).message).toContain('seed');
    expect(rejection({ ...record, options: { ...record.options, players: 5 } }).message).toContain('options.players');
    expect(rejection({ ...record, players: [{ name: 'x', kind: 'robot', kings: 1 }] }).message).toContain(
      'players[0].kind',
    );
    expect(
      rejection(
        withEvents(record, (e) => {
          e[1] = { type: 'teleport' };
        }),
      ).message,
    ).toContain('events[1].type');
    expect(
      rejection(
        withEvents(record, (e) => {
          e[0]!.line = [1, 'two'];
        }),
      ).message,
    ).toContain('events[0].line[1]');
  });

  it('players that do not match the options, or the wrong number of kings', () => {
    const record = exported(finished());
    expect(rejection({ ...record, players: record.players.slice(0, 3) }).message).toMatch(/players/);
    expect(rejection({ ...record, players: record.players.map((p) => ({ ...p, kings: 2 })) }).message).toContain(
      'kings',
    );
  });

  it('a tampered reveal: the deck does not match the seed', () => {
    const record = exported(finished());
    const tampered = withEvents(record, (events) => {
      const reveal = events.findLast((e) => e.type === 'reveal')!;
      const line = reveal.line as number[];
      reveal.line = [...line.slice(0, -1), 49 - line.at(-1)!].sort((x, y) => x - y);
    });
    const error = rejection(tampered);
    expect(error.code).toBe('malformed');
    expect(error.message).toMatch(/deck does not match the seed/);
    expect(rejection({ ...record, seed: 'another seed' }).message).toMatch(/deck does not match the seed/);
  });

  it('an illegal placement, with the rule it breaks', () => {
    const record = exported(finished());
    const index = record.events.findIndex((e) => e.type === 'place');
    const tampered = withEvents(record, (events) => {
      events[index]!.a = [0, 0];
      events[index]!.b = [1, 0];
    });
    const error = rejection(tampered);
    expect(error.code).toBe('illegal-placement');
    expect(error.message).toContain(`event ${index}`);
  });

  it('a claim out of turn or of a domino not in the line', () => {
    const record = exported(finished());
    const index = record.events.findIndex((e) => e.type === 'claim');
    const claim = record.events[index] as Extract<GameEvent, { type: 'claim' }>;
    const otherPlayer = withEvents(record, (events) => {
      events[index] = { ...claim, player: (claim.player + 1) % 4 };
    });
    expect(rejection(otherPlayer).code).toBe('not-your-turn');
    const line = (record.events[0] as Extract<GameEvent, { type: 'reveal' }>).line;
    const elsewhere = Array.from({ length: 48 }, (_, i) => i + 1).find((d) => !line.includes(d))!;
    const notInLine = withEvents(record, (events) => {
      events[index] = { ...claim, domino: elsewhere };
    });
    expect(rejection(notInLine).code).toBe('domino-unavailable');
  });

  it('a record cut in the middle of what the engine does at once, or going on after the end', () => {
    const record = exported(finished(SETUPS[2]!, 'cut'));
    const drop = record.events.findIndex((e) => e.type === 'drop');
    expect(rejection({ ...record, events: record.events.slice(0, drop), result: undefined }).message).toMatch(
      /ends at event/,
    );
    const extra = withEvents(record, (events) => {
      events.push({ type: 'discard', player: 0, domino: 1 });
    });
    expect(rejection(extra).code).toBe('game-over');
  });

  it('a reveal where a player must move', () => {
    const record = exported(finished());
    const claim = record.events.findIndex((e) => e.type === 'claim');
    const error = rejection(
      withEvents(record, (events) => {
        events.splice(claim, 0, { type: 'drop', domino: 1 });
      }),
    );
    expect(error.message).toMatch(/event 1/);
  });

  it("a result that is not the game's", () => {
    const record = exported(finished());
    const total = {
      ...record,
      result: { ...record.result!, scores: record.result!.scores.map((s) => ({ ...s, total: s.total + 1 })) },
    };
    expect(rejection(total).message).toMatch(/score of player 0/);
    const loser = record.result!.scores.findIndex((s) => !record.result!.winners.includes(s.player));
    const winners = { ...record, result: { ...record.result!, winners: [loser] } };
    expect(rejection(winners).message).toMatch(/winners/);
    const running = exported(randomGame(SETUPS[4]!, 'running', {}, 20));
    expect(rejection({ ...running, result: record.result }).message).toMatch(/not over/);
  });
});

describe('fromRecord on randomly damaged records', () => {
  /** Every path to a leaf (or a whole branch) of a JSON value. */
  function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
    if (typeof value !== 'object' || value === null) return [prefix];
    const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
    return [prefix, ...keys.flatMap((k) => paths((value as Record<string | number, unknown>)[k], [...prefix, k]))];
  }

  it('never throws, and accepts a damaged record only when the engine agrees with all its events', () => {
    const rng = Rng.fromSeed('damage');
    const junk = [null, -1, 0, 1, 2, 7, 49, 1e9, 0.5, Number.NaN, '', 'x', true, [], [0, 0], {}, { type: 'claim' }];
    for (const setup of SETUPS) {
      const record = exported(randomGame(setup, `damage/${setup.name}`, BONUSES));
      const all = paths(record).filter((p) => p.length > 0);
      for (let i = 0; i < 60; i++) {
        const damaged = structuredClone(record) as unknown as Record<string | number, unknown>;
        const path = all[rng.int(all.length)]!;
        const parent = path
          .slice(0, -1)
          .reduce<Record<string | number, unknown>>((node, k) => node[k] as Record<string | number, unknown>, damaged);
        parent[path.at(-1)!] = junk[rng.int(junk.length)];
        const rebuilt = fromRecord(damaged);
        if (rebuilt.ok)
          expect({ seed: rebuilt.value.seed, events: rebuilt.value.events }).toEqual({
            seed: damaged.seed,
            events: damaged.events,
          });
        else expect(rebuilt.error.message, JSON.stringify(path)).not.toBe('');
      }
    }
  });
});

describe('checkRecord', () => {
  it('passes the records the engine writes, running or finished', () => {
    const state = finished();
    expect(checkRecord(exported(state))).toEqual({ ok: true, value: state });
    expect(checkRecord(exported(randomGame(SETUPS[0]!, 'running', {}, 5))).ok).toBe(true);
  });

  it('requires the result of a finished game, and nothing unknown', () => {
    const { result: _, ...noResult } = exported(finished());
    expect(checkRecord(noResult)).toMatchObject({
      ok: false,
      error: { code: 'malformed', message: expect.stringMatching(/no result/) },
    });
    expect(checkRecord({ ...exported(finished()), comment: 'hi' }).ok).toBe(false);
  });

  it('is the same game as prompt and result say', () => {
    const state = finished();
    const checked = checkRecord(JSON.stringify(toRecord(state)));
    expect(checked.ok && prompt(checked.value).kind).toBe('over');
  });
});
