/**
 * The fewest taps that make a given move through the placement panel, as the
 * panel works: "Your turn" opens it on a best spot; "Take #N" (or "Place here",
 * or the discard) ends the move; the menu jumps to any of the top spots in one
 * choice; arrows, rotate and next/previous fit move the domino one step each.
 */
import { chooseAction } from '../../src/ai/index.js';
import { apply, prompt, rankedCandidates, type Action, type GameState } from '../../src/game/index.js';
import { cursorCells, cursorOf, cursorText, sameCursor, type Cursor } from '../../src/discord/messages/codec.js';

const MENU_SIZE = 25;

/** One tap on the panel after it is open. */
export type Tap =
  { readonly kind: 'menu'; readonly value: string } | { readonly kind: 'button'; readonly label: RegExp };

export interface Plan {
  /** The taps between opening the panel and the final one. */
  readonly taps: readonly Tap[];
  /** The placement the final tap must carry (null: nothing placed). */
  readonly at: Cursor | null;
  readonly claim: number | null;
  /** Did the panel open on a spot worth as much as the best? (null: nothing to place) */
  readonly openedOnBest: boolean | null;
}

/** The hard player's move (placement then claim), reproducible for a seed. */
export function strongMove(
  state: GameState,
  seed: number,
): { readonly placed: Action | null; readonly claim: number | null } {
  const opts = { playouts: 300, timeMs: 5_000, seed };
  const first = chooseAction(state, 'hard', opts);
  if (first.type === 'claim') return { placed: null, claim: first.domino };
  const after = apply(state, first);
  if (!after.ok) throw new Error(after.error.message);
  const next = prompt(after.value);
  const claim = next.kind === 'claim' && next.player === first.player ? chooseAction(after.value, 'hard', opts) : null;
  return { placed: first, claim: claim?.type === 'claim' ? claim.domino : null };
}

function onBoard(grid: number, c: Cursor): boolean {
  const { a, b } = cursorCells(c);
  return [a, b].every(([x, y]) => Math.abs(x) <= grid - 1 && Math.abs(y) <= grid - 1);
}

const STEPS: readonly { label: RegExp; next: (c: Cursor, ranked: readonly Cursor[]) => Cursor | null }[] = [
  { label: /^◀$/, next: (c) => ({ ...c, x: c.x - 1 }) },
  { label: /^▲$/, next: (c) => ({ ...c, y: c.y - 1 }) },
  { label: /^▼$/, next: (c) => ({ ...c, y: c.y + 1 }) },
  { label: /^▶$/, next: (c) => ({ ...c, x: c.x + 1 }) },
  { label: /Rotate/, next: (c) => ({ ...c, r: ((c.r + 1) % 4) as Cursor['r'] }) },
  { label: /^⏭/, next: (c, ranked) => stepIn(ranked, c, 1) },
  { label: /^⏮/, next: (c, ranked) => stepIn(ranked, c, -1) },
];

function stepIn(ranked: readonly Cursor[], at: Cursor, step: 1 | -1): Cursor | null {
  if (ranked.length === 0) return null;
  const i = ranked.findIndex((c) => sameCursor(c, at));
  const from = i < 0 ? (step === 1 ? -1 : 0) : i;
  return ranked[(from + step + ranked.length) % ranked.length] ?? null;
}

/** Breadth-first over the panel's moves, from the spot it opens on and from every spot of the menu. */
function route(grid: number, opened: Cursor, ranked: readonly Cursor[], target: Cursor): Tap[] {
  const key = (c: Cursor) => cursorText(c);
  const seen = new Map<string, Tap[]>([[key(opened), []]]);
  let frontier: { at: Cursor; taps: Tap[] }[] = [{ at: opened, taps: [] }];
  const fromMenu = ranked
    .slice(0, MENU_SIZE)
    .map((at) => ({ at, taps: [{ kind: 'menu', value: cursorText(at) } as Tap] }));
  for (let depth = 0; frontier.length > 0 || fromMenu.length > 0; depth++) {
    // Menu choices cost one tap: they join the search at depth 1.
    if (depth === 1)
      for (const m of fromMenu.splice(0))
        if (!seen.has(key(m.at))) {
          seen.set(key(m.at), m.taps);
          frontier.push(m);
        }
    const found = frontier.find((f) => sameCursor(f.at, target));
    if (found) return found.taps;
    const next: typeof frontier = [];
    for (const { at, taps } of frontier) {
      for (const step of STEPS) {
        const to = step.next(at, ranked);
        if (!to || !onBoard(grid, to) || seen.has(key(to))) continue;
        const path = [...taps, { kind: 'button', label: step.label } as Tap];
        seen.set(key(to), path);
        next.push({ at: to, taps: path });
      }
    }
    frontier = next;
  }
  throw new Error(`the panel cannot reach ${key(target)}`);
}

/** The plan for making `move` at this state, the panel having opened on `openedAt`. */
export function planTaps(state: GameState, move: ReturnType<typeof strongMove>, openedAt: Cursor | null): Plan {
  const p = prompt(state);
  if (p.kind === 'over') throw new Error('the game is over');
  if (p.kind === 'claim' || !move.placed || move.placed.type !== 'place') {
    return { taps: [], at: null, claim: move.claim, openedOnBest: null };
  }
  if (!openedAt) throw new Error('the panel opened on no spot');
  const ranked = rankedCandidates(state);
  const best = ranked[0];
  const gainOf = (c: Cursor) => ranked.find((r) => sameCursor(cursorOf(r), c));
  const gain = (c: ReturnType<typeof gainOf>) => (c && c.verdict.fits ? c.verdict.after - c.verdict.before : -1);
  const target = cursorOf(move.placed);
  return {
    taps: route(state.options.grid, openedAt, ranked.map(cursorOf), target),
    at: target,
    claim: move.claim,
    openedOnBest: gain(gainOf(openedAt)) >= gain(best),
  };
}
