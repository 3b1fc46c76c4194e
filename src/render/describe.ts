/**
 * Text descriptions of the pictures (Discord's attachment `description`, read by
 * screen readers and shown when a picture cannot be): built from the very views
 * the pictures are drawn from (adapter.ts), in the current language, so a picture
 * and its description always say the same.
 *
 * Discord takes at most 1024 characters. Each description is written at the most
 * detailed level that fits: every territory and each domino's terrains first,
 * then only the territories that score and the terrains of the dominoes still to
 * be placed or picked, then no terrains, then names and points only; the last
 * resort is a cut with an ellipsis.
 */
import type { Candidate, DynastyState, GameState, Pos } from '../game/index.js';
import { placementName, inWindow } from '../game/index.js';
import { t, type MessageKey } from '../i18n/index.js';
import { outcomeText, placeTieText, tieText } from './outcome.js';
import { rejectionText } from './rejection.js';
import { missedWords } from './bonus.js';
import { dynastySheetView, previewView, scoreSheetView, tableView } from './adapter.js';
import type {
  DominoView,
  DynastySheetView,
  HalfView,
  KingdomView,
  LeftView,
  PlayerView,
  PreviewView,
  RoundView,
  ScoreSheetView,
  SlotView,
  TableView,
  TerritoryView,
  TurnView,
} from './view.js';

/** Discord's limit on an attachment's description. */
export const DESCRIPTION_MAX = 1024;

/** How much a description says: 0 is everything, each level leaves more out. */
type Detail = 0 | 1 | 2 | 3;
const DETAILS: readonly Detail[] = [0, 1, 2, 3];

/** The most detailed text that fits, else the least detailed one cut with an ellipsis. */
function fitted(write: (detail: Detail) => string): string {
  let text = '';
  for (const detail of DETAILS) {
    text = write(detail);
    if (text.length <= DESCRIPTION_MAX) return text;
  }
  return cut(text, DESCRIPTION_MAX);
}

/** At most `max` UTF-16 units, ending with an ellipsis, never splitting a character. */
function cut(text: string, max: number): string {
  let out = '';
  for (const ch of text) {
    if (out.length + ch.length > max - 1) break;
    out += ch;
  }
  return `${out.trimEnd()}…`;
}

const sentences = (parts: readonly (string | null)[]): string =>
  parts
    .filter((p): p is string => p !== null && p !== '')
    .map((p) => (/[.!?…:]$/.test(p) ? p : `${p}.`))
    .join(' ');

/** The seat's own name (screen readers read any script), else the picture's. */
function nameOf(state: GameState, p: PlayerView): string {
  return state.seats[p.index]?.name.trim() || p.name;
}

function roundText(round: RoundView): string {
  return round.round === 0
    ? t('picture.openingPicks')
    : t('picture.round', { round: round.round, rounds: round.rounds });
}

function halfText(h: HalfView): string {
  const terrain = t(`terrain.${h.terrain}`);
  return h.crowns > 0 ? t('alt.halfCrowns', { terrain, crowns: h.crowns }) : terrain;
}

function dominoText(d: DominoView, halves: boolean): string {
  return halves
    ? t('alt.dominoHalves', { number: d.n, a: halfText(d.a), b: halfText(d.b) })
    : t('alt.domino', { number: d.n });
}

const SLOT_KEYS: Record<SlotView['status'], MessageKey> = {
  active: 'alt.slot.active',
  waiting: 'alt.slot.waiting',
  placed: 'alt.slot.placed',
  discarded: 'alt.slot.discarded',
  unclaimed: 'alt.slot.unclaimed',
  claimed: 'alt.slot.claimed',
  free: 'alt.slot.free',
};

function slotText(state: GameState, s: SlotView, detail: Detail): string {
  // The terrains matter most where a choice is still open: the domino to place, the ones to pick.
  const open = s.status === 'active' || s.status === 'waiting' || s.status === 'claimed' || s.status === 'free';
  const halves = detail === 0 || (detail === 1 && open);
  return t(SLOT_KEYS[s.status], { domino: dominoText(s.domino, halves), name: s.king ? nameOf(state, s.king) : '' });
}

function turnText(state: GameState, turn: TurnView): string {
  switch (turn.kind) {
    case 'place':
      return t(turn.canPlace ? 'alt.turn.place' : 'alt.turn.discard', {
        name: nameOf(state, turn.player),
        domino: turn.domino.n,
      });
    case 'claim':
      return t('alt.turn.pick', { name: nameOf(state, turn.player) });
    case 'over':
      return winnersText(state, turn.winners);
  }
}

function winnersText(state: GameState, winners: readonly PlayerView[]): string {
  if (winners.length === 0) return t('picture.gameOver');
  return outcomeText(
    winners.map((w) => nameOf(state, w)),
    state.kingdoms.length,
    ', ',
  );
}

function territoryText(tv: TerritoryView, withPoints: boolean): string {
  const terrain = t(`terrain.${tv.terrain}`);
  return withPoints && tv.crowns > 0
    ? t('alt.territoryPoints', { terrain, squares: tv.squares, crowns: tv.crowns, points: tv.points })
    : t('alt.territory', { terrain, squares: tv.squares, crowns: tv.crowns });
}

/** A territory of the score sheet under the number it has on the kingdom outlined in the picture. */
function numberedText(tv: TerritoryView, withPoints: boolean): string {
  const territory = territoryText(tv, withPoints);
  return tv.number === null ? territory : t('alt.sheet.territory', { number: tv.number, territory });
}

/** Territories at this detail: all of them, then those that score, then none. */
function territoriesAt(all: readonly TerritoryView[], detail: Detail): readonly TerritoryView[] {
  if (detail === 0) return all;
  if (detail === 3) return [];
  return all.filter((x) => x.points > 0);
}

function kingdomText(state: GameState, k: KingdomView, territories: readonly TerritoryView[], detail: Detail): string {
  const name = nameOf(state, k.player);
  const shown = territoriesAt(territories, detail);
  const parts = shown.map((x) => territoryText(x, false));
  if (detail < 2 && k.discarded.length > 0)
    parts.push(t('alt.discarded', { dominoes: k.discarded.map((d) => `#${d.n}`).join(', ') }));
  const total = k.dynastyTotal === null ? '' : ` (${t('picture.dynasty.total', { total: k.dynastyTotal })})`;
  const head = t('alt.kingdom', { name, points: k.score }) + total;
  return parts.length > 0 ? `${head}: ${parts.join(', ')}` : head;
}

export interface DescribeTableOptions {
  readonly dynasty?: DynastyState | null;
}

/** The table (renderTable): round, whose turn and what, both lines of the draft, every kingdom's score and territories. */
export function describeTable(state: GameState, opts: DescribeTableOptions = {}): string {
  return describeTableView(state, tableView(state, opts.dynasty ?? null));
}

/** The table as drawn from the view `v` of `state` (the picture workers describe what they have just drawn). */
export function describeTableView(state: GameState, v: TableView): string {
  const sheet = scoreSheetView(state);
  const territories = (player: number): readonly TerritoryView[] =>
    sheet.players.find((s) => s.kingdom.player.index === player)?.territories ?? [];
  return fitted((detail) => {
    const current = v.current.map((s) => slotText(state, s, detail));
    const next = v.next.map((s) => slotText(state, s, detail));
    return sentences([
      v.dynasty ? t('dynasty.header', { game: v.dynasty.game, of: v.dynasty.of }) : null,
      v.turn.kind === 'over' ? t('picture.gameOver') : roundText(v.round),
      turnText(state, v.turn),
      current.length > 0 ? t('alt.table.current', { slots: current.join('; ') }) : null,
      next.length > 0 ? t('alt.table.next', { slots: next.join('; ') }) : null,
      v.turn.kind === 'over' ? null : t('picture.pile', { count: v.pileLeft }),
      ...v.kingdoms.map((k) => kingdomText(state, k, territories(k.player.index), detail)),
    ]);
  });
}

/** What is left to come (showLeft): how many, how many of them will come, per terrain, then every domino. */
export function describeLeftView(v: LeftView): string {
  const count = v.dominoes.length;
  const terrains = v.unseen.terrains.map((x) =>
    t('alt.territory', { terrain: t(`terrain.${x.terrain}`), squares: x.squares, crowns: x.crowns }),
  );
  return fitted((detail) =>
    sentences([
      v.unseen.exact
        ? t('picture.left.pile', { count })
        : `${t('picture.left.notSeen', { count })}, ${t('picture.left.onlySome', { count: v.toCome })}`,
      t('alt.left.terrains', { terrains: terrains.join(', ') }),
      t('alt.left.dominoes', { dominoes: v.dominoes.map((d) => dominoText(d, detail === 0)).join(', ') }),
    ]),
  );
}

export interface DescribePreviewOptions {
  readonly hint?: { readonly a: Pos; readonly b: Pos };
}

/** The placement preview (renderPreview): whose kingdom, the domino in hand, where it is tried and whether it fits, the hint. */
export function describePreview(
  state: GameState,
  candidate: Candidate | null,
  opts: DescribePreviewOptions = {},
): string {
  return describePreviewView(state, previewView(state, candidate, opts.hint ?? null));
}

/** The placement preview as drawn from the view `v` of `state`. */
export function describePreviewView(state: GameState, v: PreviewView): string {
  const grid = v.kingdom.grid;
  const where = (a: Pos, b: Pos): string =>
    inWindow(v.window, a) && inWindow(v.window, b) ? placementName(grid, a, b) : t('alt.preview.offGrid');
  const verdict = (): string => {
    const c = v.candidate;
    if (!v.domino) return t('picture.preview.nothingToPlace');
    if (!c) return t(v.canPlace ? 'picture.preview.choose' : 'picture.preview.fitsNowhere');
    return c.verdict.fits
      ? t('alt.preview.fits', { where: where(c.a, c.b), before: c.verdict.before, after: c.verdict.after })
      : t('alt.preview.illegal', { where: where(c.a, c.b), reason: rejectionText(c.verdict.rejection) });
  };
  return fitted((detail) =>
    sentences([
      t('alt.preview.kingdom', { name: nameOf(state, v.kingdom.player), points: v.score }),
      roundText(v.round),
      v.domino ? t('alt.preview.domino', { domino: dominoText(v.domino, detail < 2) }) : null,
      verdict(),
      v.domino && v.targets.length > 0 ? t('alt.preview.targets', { count: v.targets.length }) : null,
      v.hint ? t('alt.preview.hint', { where: where(v.hint.a, v.hint.b) }) : null,
    ]),
  );
}

/** The score sheet (renderScoreSheet): the winner and the tie-break, then each player in rank with the arithmetic. */
export function describeScoreSheet(state: GameState): string {
  return describeScoreSheetView(state, scoreSheetView(state));
}

/** The score sheet as drawn from the view `v` of `state`. */
export function describeScoreSheetView(state: GameState, v: ScoreSheetView): string {
  const tie = tieText(v.decidedBy);
  return fitted((detail) =>
    sentences([
      v.title,
      v.winners.length > 0 ? winnersText(state, v.winners) : null,
      tie,
      ...v.players.map((p) => {
        const parts = territoriesAt(p.territories, detail).map((x) => numberedText(x, detail < 2));
        if (p.harmony > 0) parts.push(t('alt.bonus', { bonus: t('variant.harmony'), points: p.harmony }));
        if (p.middleKingdom > 0)
          parts.push(t('alt.bonus', { bonus: t('variant.middleKingdom'), points: p.middleKingdom }));
        for (const m of p.missed) parts.push(t('alt.sheet.missed', { ...missedWords(m) }));
        if (detail < 3) parts.push(t('picture.sheet.foot', { largest: p.largestTerritory, crowns: p.crowns }));
        const placeTie = placeTieText(p.tie);
        if (placeTie) parts.push(placeTie);
        const head = t('alt.sheet.player', {
          place: t('picture.sheet.place', { rank: p.rank }),
          name: nameOf(state, p.kingdom.player),
          points: p.total,
        });
        return parts.length > 0 ? `${head}: ${parts.join(', ')}` : head;
      }),
    ]),
  );
}

/** The Dynasty sheet (renderDynastySheet): each player's score in every game played, their total, the winner. */
export function describeDynastySheet(d: DynastyState): string {
  return describeDynastySheetView(d, dynastySheetView(d));
}

/** The Dynasty sheet as drawn from the view `v` of `d`. */
export function describeDynastySheetView(d: DynastyState, v: DynastySheetView): string {
  const first = d.games[0];
  const tie = v.over ? tieText(v.decidedBy) : null;
  const name = (p: PlayerView): string => (first ? nameOf(first, p) : p.name);
  const rows = [...v.rows].sort((x, y) => x.rank - y.rank || x.player.index - y.player.index);
  return fitted((detail) =>
    sentences([
      v.title,
      v.winners.length > 0 && first ? winnersText(first, v.winners) : null,
      tie,
      ...rows.map((r) => {
        const games = r.games.flatMap((g, i) => {
          if (!g) return [];
          const game = t('picture.dynasty.game', { number: i + 1 });
          const key: MessageKey = g.running
            ? 'alt.dynasty.gameRunning'
            : g.won && detail < 3
              ? 'alt.dynasty.gameWon'
              : 'alt.dynasty.game';
          return [t(key, { game, score: g.score })];
        });
        return t('alt.dynasty.row', {
          place: t('picture.sheet.place', { rank: r.rank }),
          name: name(r.player),
          points: r.total,
          games: games.join(', '),
        });
      }),
    ]),
  );
}

/** The replay (renderReplay): what it shows, and how the game ended. */
export function describeReplay(
  last: GameState,
  replay: { readonly frames: number; readonly durationMs: number },
  opts: DescribeTableOptions = {},
): string {
  const intro = t('alt.replay', { frames: replay.frames, seconds: Math.round(replay.durationMs / 1000) });
  const v = tableView(last, opts.dynasty ?? null);
  const sheet = scoreSheetView(last);
  return fitted((detail) =>
    sentences([
      intro,
      v.dynasty ? t('dynasty.header', { game: v.dynasty.game, of: v.dynasty.of }) : null,
      turnText(last, v.turn),
      ...sheet.players.map((p) =>
        kingdomText(
          last,
          { ...p.kingdom, dynastyTotal: v.kingdoms[p.kingdom.player.index]?.dynastyTotal ?? null },
          p.territories,
          detail,
        ),
      ),
    ]),
  );
}
