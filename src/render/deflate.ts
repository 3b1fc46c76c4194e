/**
 * zlib streams of PNG scanlines, made for our pictures (png.ts). A picture of flat
 * colours is nearly all runs of one byte and rows that repeat the row above, so those
 * are the only matches looked for (deflate.wat, in WebAssembly, 16 bytes compared at
 * once), and the whole picture is one block of Huffman codes made for it: about the
 * bytes of zlib at level 2 (a game's tables 1% fewer on the whole) in 0.6 of its time
 * (0.8 ms a table), where zlib tries matches at every distance. Any bytes are valid input
 * (they compress less when they are not flat).
 */
import { DEFLATE_WASM } from './deflate-wasm.js';

interface Deflater {
  readonly memory: WebAssembly.Memory;
  readonly LIT: WebAssembly.Global;
  readonly MATCH: WebAssembly.Global;
  readonly LCODE: WebAssembly.Global;
  readonly FREQ: WebAssembly.Global;
  readonly SPACE: WebAssembly.Global;
  tokenize(data: number, length: number, stride: number, out: number): number;
  emit(
    tokens: number,
    count: number,
    out: number,
    bits: number,
    pending: number,
    runBits: number,
    runLength: number,
    upBits: number,
    upLength: number,
    end: number,
  ): number;
  adler(data: number, length: number): number;
}

const PAGE = 65536;
/** The farthest a match may look back (deflate's window). */
const WINDOW = 32768;
/** Bytes read past the data by the 16-byte comparisons. */
const PAD = 16;
const END_OF_BLOCK = 256;
/** Literal/length symbols (0-285) and distance symbols (0-29). */
const LENGTH_SYMBOLS = 286;
const DISTANCE_SYMBOLS = 30;
const MAX_BITS = 15;
const MAX_LENGTH_BITS = 7;
/** Each length code's first length and extra bits, and each distance code's (RFC 1951, 3.2.5). */
const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
  8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
/** The order the code length code's lengths are written in (RFC 1951, 3.2.7). */
const LENGTH_CODE_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
/** zlib's header: deflate with a 32 KB window, no dictionary, "fastest" (a check of 31). */
const ZLIB_HEADER = [0x78, 0x01];

/** Each match length's length code and extra bits' value, by length - 3 (3 to 258). */
const MATCH_CODE = new Uint8Array(256);
const MATCH_EXTRA = new Uint8Array(256);
for (let code = 0; code < LENGTH_BASE.length; code++) {
  const from = LENGTH_BASE[code]! - 3;
  const to = code === LENGTH_BASE.length - 1 ? 256 : LENGTH_BASE[code + 1]! - 3;
  for (let i = from; i < to; i++) [MATCH_CODE[i], MATCH_EXTRA[i]] = [code, i - from];
}

let module: WebAssembly.Module | null = null;
/** The thread's module: its memory holds the last picture's scanlines, matches and output. */
let deflater: Deflater | null = null;

function instance(): Deflater {
  if (deflater) return deflater;
  module ??= new WebAssembly.Module(Buffer.from(DEFLATE_WASM, 'base64'));
  const made = new WebAssembly.Instance(module).exports as unknown as Deflater;
  new Uint8Array(made.memory.buffer).set(MATCH_CODE, made.LCODE.value as number);
  deflater = made;
  return made;
}

function reserve(d: Deflater, bytes: number): void {
  const short = Math.ceil((bytes - d.memory.buffer.byteLength) / PAGE);
  if (short > 0) d.memory.grow(short);
}

/**
 * `data` (scanlines of `stride` bytes) as a zlib stream, one dynamic block: matches of
 * the byte before and of the byte a row above.
 */
export function deflate(data: Uint8Array, stride: number): Buffer {
  const d = instance();
  const at = d.SPACE.value as number;
  const tokens = at + data.length + PAD + (data.length % 2);
  reserve(d, tokens + 2 * data.length);
  new Uint8Array(d.memory.buffer).set(data, at);
  // A row longer than the window cannot be matched above: runs only (`stride` 0).
  const above = stride <= WINDOW ? stride : 0;
  const count = d.tokenize(at, data.length, above, tokens);
  const block = blockCodes(new Uint32Array(d.memory.buffer, d.FREQ.value as number, LENGTH_SYMBOLS + 2), above);
  const out = tokens + 2 * count;
  reserve(d, out + Math.ceil(block.bits / 8) + 8);
  writeCodes(new Uint32Array(d.memory.buffer), d, block.literal);
  const memory = new Uint8Array(d.memory.buffer);
  const header = new BitWriter(memory, out);
  header.writeHeader(block);
  const end = d.emit(
    tokens,
    count,
    header.at,
    header.bits,
    header.pending,
    block.run.bits,
    block.run.length,
    block.up.bits,
    block.up.length,
    block.end,
  );
  const stream = Buffer.allocUnsafe(ZLIB_HEADER.length + (end - out) + 4);
  stream.set(ZLIB_HEADER, 0);
  stream.set(memory.subarray(out, end), ZLIB_HEADER.length);
  stream.writeUInt32BE(d.adler(at, data.length) >>> 0, stream.length - 4);
  return stream;
}

/** The literals' codes at LIT, and each match length's code with its extra bits at MATCH, as emit reads them. */
function writeCodes(memory: Uint32Array, d: Deflater, literal: Codes): void {
  const lit = (d.LIT.value as number) / 4;
  for (let byte = 0; byte < 256; byte++) memory[lit + byte] = (literal.lengths[byte]! << 24) | literal.bits[byte]!;
  const match = (d.MATCH.value as number) / 4;
  for (let i = 0; i < 256; i++) {
    const symbol = 257 + MATCH_CODE[i]!;
    const length = literal.lengths[symbol]!;
    const bits = literal.bits[symbol]! | (MATCH_EXTRA[i]! << length);
    memory[match + i] = ((length + LENGTH_EXTRA[MATCH_CODE[i]!]!) << 24) | bits;
  }
}

/** A code: its bits, first-out lowest, and how many. */
interface Code {
  readonly bits: number;
  readonly length: number;
}

/** Codes of an alphabet, by symbol (a length of 0: unused). */
interface Codes {
  readonly bits: Uint32Array;
  readonly lengths: Uint8Array;
}

interface BlockCodes {
  /** How many literal/length and distance codes the header gives (HLIT, HDIST). */
  readonly literalCount: number;
  readonly distanceCount: number;
  /** The lengths as run-length symbols of the code length code (0-18), each with its extra bits' value. */
  readonly runs: readonly (readonly [symbol: number, extra: number])[];
  readonly lengthCode: Codes;
  readonly lengthCodeCount: number;
  readonly literal: Codes;
  readonly run: Code;
  readonly up: Code;
  /** The end of block's code, packed as emit takes it (length << 24 | bits). */
  readonly end: number;
  /** The bits of the block's data (the header's are few), to reserve memory for. */
  readonly bits: number;
}

/** Extra bits of each run-length symbol of the code lengths: 16, 17, 18. */
const RUN_EXTRA: Record<number, number> = { 16: 2, 17: 3, 18: 7 };

function distanceCode(distance: number): number {
  let code = 0;
  while (code + 1 < DISTANCE_BASE.length && DISTANCE_BASE[code + 1]! <= distance) code++;
  return code;
}

/** The block's codes, from how often each symbol came (FREQ: 286 literal/length counts, then distance 1's and stride's). */
function blockCodes(freq: Uint32Array, stride: number): BlockCodes {
  const literalFreq = freq.slice(0, LENGTH_SYMBOLS);
  literalFreq[END_OF_BLOCK] = 1;
  const [runs, ups] = [freq[LENGTH_SYMBOLS]!, freq[LENGTH_SYMBOLS + 1]!];
  const upCode = distanceCode(stride);
  const distanceFreq = new Uint32Array(DISTANCE_SYMBOLS);
  distanceFreq[0] = runs;
  distanceFreq[upCode]! += ups;
  const literalLengths = codeLengths(literalFreq, MAX_BITS);
  const distanceLengths = codeLengths(distanceFreq, MAX_BITS);
  const used = (length: number): boolean => length > 0;
  const literalCount = Math.max(257, lastIndex(literalLengths, used) + 1);
  const distanceCount = Math.max(1, lastIndex(distanceLengths, used) + 1);
  const lengths = new Uint8Array(literalCount + distanceCount);
  lengths.set(literalLengths.subarray(0, literalCount));
  lengths.set(distanceLengths.subarray(0, distanceCount), literalCount);
  const lengthRunsOf = lengthRuns(lengths);
  const runFreq = new Uint32Array(19);
  for (const [symbol] of lengthRunsOf) runFreq[symbol]!++;
  const lengthCodeLengths = codeLengths(runFreq, MAX_LENGTH_BITS);
  const literal = canonical(literalLengths);
  const distance = canonical(distanceLengths);
  const up = {
    bits: distance.bits[upCode]! | ((stride - DISTANCE_BASE[upCode]!) << distance.lengths[upCode]!),
    length: distance.lengths[upCode]! + DISTANCE_EXTRA[upCode]!,
  };
  let bits = runs * distance.lengths[0]! + ups * up.length;
  for (let s = 0; s < LENGTH_SYMBOLS; s++) bits += literalFreq[s]! * literalLengths[s]!;
  for (let code = 0; code < LENGTH_EXTRA.length; code++) bits += literalFreq[257 + code]! * LENGTH_EXTRA[code]!;
  return {
    literalCount,
    distanceCount,
    runs: lengthRunsOf,
    lengthCode: canonical(lengthCodeLengths),
    lengthCodeCount: Math.max(4, 1 + lastIndex(LENGTH_CODE_ORDER, (s) => used(lengthCodeLengths[s]!))),
    literal,
    run: { bits: distance.bits[0]!, length: distance.lengths[0]! },
    up,
    end: (literal.lengths[END_OF_BLOCK]! << 24) | literal.bits[END_OF_BLOCK]!,
    bits,
  };
}

function lastIndex<T>(items: ArrayLike<T>, test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!)) return i;
  return -1;
}

/**
 * Huffman code lengths of at most `limit` bits, for a complete code: every decoder takes
 * one. A code needs two symbols, so one or none used get the lowest unused ones beside them.
 */
export function codeLengths(freq: Uint32Array, limit: number): Uint8Array {
  const weights = Array.from(freq);
  for (let s = 0; weights.filter((w) => w > 0).length < 2; s++) if (weights[s] === 0) weights[s] = 1;
  const symbols = weights.flatMap((w, s) => (w > 0 ? [s] : [])).sort((a, b) => weights[a]! - weights[b]! || a - b);
  const depths = huffmanDepths(symbols.map((s) => weights[s]!));
  const count = new Array<number>(limit + 1).fill(0);
  for (const depth of depths) count[Math.min(depth, limit)]!++;
  // Leaves cut to the limit oversubscribe the code: by this many codes of `limit` bits.
  let excess = -(1 << limit);
  for (let bits = 1; bits <= limit; bits++) excess += count[bits]! << (limit - bits);
  // zlib's way back (trees.c, gen_bitlen): a leaf from the deepest level with room moves
  // one down, beside one of the cut ones; each move frees one code of `limit` bits.
  for (; excess > 0; excess--) {
    let bits = limit - 1;
    while (count[bits] === 0) bits--;
    count[bits]!--;
    count[bits + 1]! += 2;
    count[limit]!--;
  }
  // The rarest symbols take the longest codes.
  const lengths = new Uint8Array(freq.length);
  let next = 0;
  for (let bits = limit; bits > 0; bits--) {
    for (let k = 0; k < count[bits]!; k++) lengths[symbols[next++]!] = bits;
  }
  return lengths;
}

/** Each leaf's depth in a Huffman tree of these weights (ascending). */
function huffmanDepths(sorted: readonly number[]): number[] {
  const n = sorted.length;
  const weight = [...sorted];
  const parent = new Array<number>(2 * n - 1).fill(-1);
  // Leaves in order, then the joined nodes, made in order of weight: two queues.
  let leaf = 0;
  let node = n;
  const take = (): number => {
    const fromLeaves = leaf < n && (node >= weight.length || weight[leaf]! <= weight[node]!);
    return fromLeaves ? leaf++ : node++;
  };
  for (let made = 0; made < n - 1; made++) {
    const a = take();
    const b = take();
    parent[a] = parent[b] = weight.length;
    weight.push(weight[a]! + weight[b]!);
  }
  const depth = new Array<number>(weight.length).fill(0);
  for (let i = weight.length - 2; i >= 0; i--) depth[i] = depth[parent[i]!]! + 1;
  return depth.slice(0, n);
}

/** Canonical codes for the lengths (RFC 1951, 3.2.2), bit-reversed to be written lowest first. */
function canonical(lengths: Uint8Array): Codes {
  const count = new Uint16Array(MAX_BITS + 1);
  for (const length of lengths) count[length]!++;
  count[0] = 0;
  const next = new Uint16Array(MAX_BITS + 1);
  for (let length = 1, code = 0; length <= MAX_BITS; length++) {
    code = (code + count[length - 1]!) << 1;
    next[length] = code;
  }
  const bits = new Uint32Array(lengths.length);
  lengths.forEach((length, symbol) => {
    if (length === 0) return;
    const code = next[length]!++;
    let reversed = 0;
    for (let i = 0; i < length; i++) reversed |= ((code >> i) & 1) << (length - 1 - i);
    bits[symbol] = reversed;
  });
  return { bits, lengths };
}

/** The code lengths as the code length code's symbols: 0-15 a length, 16 the last one 3-6 times, 17 and 18 zeros. */
function lengthRuns(lengths: Uint8Array): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < lengths.length;) {
    const length = lengths[i]!;
    let n = 1;
    while (i + n < lengths.length && lengths[i + n] === length) n++;
    i += n;
    if (length === 0) {
      for (; n >= 11; n -= Math.min(n, 138)) runs.push([18, Math.min(n, 138) - 11]);
      if (n >= 3) runs.push([17, n - 3]);
      else for (; n > 0; n--) runs.push([0, 0]);
      continue;
    }
    runs.push([length, 0]);
    for (n--; n >= 3; n -= Math.min(n, 6)) runs.push([16, Math.min(n, 6) - 3]);
    for (; n > 0; n--) runs.push([length, 0]);
  }
  return runs;
}

/** Bits written lowest first into `memory` from `at`: the block's header, before emit takes over. */
class BitWriter {
  bits = 0;
  pending = 0;

  constructor(
    private readonly memory: Uint8Array,
    public at: number,
  ) {}

  write(value: number, length: number): void {
    this.bits |= value << this.pending;
    this.pending += length;
    while (this.pending >= 8) {
      this.memory[this.at++] = this.bits & 0xff;
      this.bits >>>= 8;
      this.pending -= 8;
    }
  }

  /** The last block, of dynamic codes, and its codes (RFC 1951, 3.2.7). */
  writeHeader(block: BlockCodes): void {
    this.write(1, 1);
    this.write(2, 2);
    this.write(block.literalCount - 257, 5);
    this.write(block.distanceCount - 1, 5);
    this.write(block.lengthCodeCount - 4, 4);
    const { bits, lengths } = block.lengthCode;
    for (let i = 0; i < block.lengthCodeCount; i++) this.write(lengths[LENGTH_CODE_ORDER[i]!]!, 3);
    for (const [symbol, extra] of block.runs) {
      this.write(bits[symbol]!, lengths[symbol]!);
      const extraBits = RUN_EXTRA[symbol];
      if (extraBits !== undefined) this.write(extra, extraBits);
    }
  }
}
