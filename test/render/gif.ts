/**
 * A GIF89a reader for the tests: the blocks as the format defines them, every
 * frame LZW-decoded, and the frames composited as a viewer shows them (disposal 0
 * and 1 keep the picture, 2 clears the frame's rectangle). Throws on anything the
 * format does not allow, so a replay that reads here is a valid GIF.
 */
export interface GifFrame {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  /** Hundredths of a second. */
  readonly delay: number;
  readonly dispose: number;
  readonly transparentIndex: number | null;
  readonly palette: Uint8Array;
  readonly indexes: Uint8Array;
}

export interface Gif {
  readonly width: number;
  readonly height: number;
  /** NETSCAPE2.0 loop count (0 = forever), null when absent (played once). */
  readonly loops: number | null;
  readonly frames: readonly GifFrame[];
}

function lzwDecode(data: Uint8Array, minCodeSize: number, pixels: number): Uint8Array {
  const out = new Uint8Array(pixels);
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  const stack = new Uint8Array(4097);
  let size = minCodeSize + 1;
  let next = end + 1;
  let previous = -1;
  let bits = 0;
  let buffer = 0;
  let at = 0;
  for (let i = 0; i < clear; i++) {
    suffix[i] = i;
    first[i] = i;
    prefix[i] = -1;
  }
  for (const byte of data) {
    buffer |= byte << bits;
    bits += 8;
    while (bits >= size) {
      const code = buffer & ((1 << size) - 1);
      buffer >>>= size;
      bits -= size;
      if (code === clear) {
        size = minCodeSize + 1;
        next = end + 1;
        previous = -1;
        continue;
      }
      if (code === end) {
        if (at !== pixels) throw new Error(`a frame has ${at} pixels, not ${pixels}`);
        return out;
      }
      if (code > next || (code === next && previous < 0)) throw new Error(`bad LZW code ${code}`);
      let c = code === next ? previous : code;
      let depth = 0;
      if (code === next) stack[depth++] = first[previous]!;
      while (c >= clear) {
        stack[depth++] = suffix[c]!;
        c = prefix[c]!;
      }
      stack[depth++] = c;
      if (at + depth > pixels) throw new Error('a frame has too many pixels');
      while (depth > 0) out[at++] = stack[--depth]!;
      if (previous >= 0 && next < 4096) {
        prefix[next] = previous;
        suffix[next] = first[code === next ? previous : code]!;
        first[next] = first[previous]!;
        next++;
        if (next === 1 << size && size < 12) size++;
      }
      previous = code;
    }
  }
  throw new Error('a frame has no end code');
}

export function readGif(bytes: Uint8Array): Gif {
  let at = 0;
  const byte = (): number => {
    if (at >= bytes.length) throw new Error('the GIF ends early');
    return bytes[at++]!;
  };
  const word = (): number => byte() | (byte() << 8);
  const take = (n: number): Uint8Array => {
    if (at + n > bytes.length) throw new Error('the GIF ends early');
    const s = bytes.subarray(at, at + n);
    at += n;
    return s;
  };
  const subBlocks = (): Uint8Array => {
    const parts: Uint8Array[] = [];
    for (let n = byte(); n !== 0; n = byte()) parts.push(take(n));
    const all = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
    let k = 0;
    for (const p of parts) {
      all.set(p, k);
      k += p.length;
    }
    return all;
  };
  const header = String.fromCharCode(...take(6));
  if (header !== 'GIF89a' && header !== 'GIF87a') throw new Error(`not a GIF: ${header}`);
  const width = word();
  const height = word();
  const flags = byte();
  byte();
  byte();
  const global = flags & 0x80 ? take(3 << ((flags & 7) + 1)) : null;
  let loops: number | null = null;
  const frames: GifFrame[] = [];
  let control = { delay: 0, dispose: 0, transparentIndex: null as number | null };
  for (;;) {
    const introducer = byte();
    if (introducer === 0x3b) break;
    if (introducer === 0x21) {
      const label = byte();
      if (label === 0xf9) {
        const block = subBlocks();
        control = {
          delay: block[1]! | (block[2]! << 8),
          dispose: (block[0]! >> 2) & 7,
          transparentIndex: block[0]! & 1 ? block[3]! : null,
        };
      } else if (label === 0xff) {
        const id = String.fromCharCode(...take(byte()));
        const data = subBlocks();
        if (id === 'NETSCAPE2.0' && data[0] === 1) loops = data[1]! | (data[2]! << 8);
      } else {
        subBlocks();
      }
      continue;
    }
    if (introducer !== 0x2c) throw new Error(`unexpected block 0x${introducer.toString(16)} at ${at - 1}`);
    const left = word();
    const top = word();
    const w = word();
    const h = word();
    const f = byte();
    if (f & 0x40) throw new Error('interlaced frames are not expected');
    const local = f & 0x80 ? take(3 << ((f & 7) + 1)) : null;
    const palette = local ?? global;
    if (!palette) throw new Error('a frame without a colour table');
    if (left + w > width || top + h > height) throw new Error('a frame outside the picture');
    const minCodeSize = byte();
    const indexes = lzwDecode(subBlocks(), minCodeSize, w * h);
    frames.push({ left, top, width: w, height: h, ...control, palette, indexes });
    control = { delay: 0, dispose: 0, transparentIndex: null };
  }
  if (at !== bytes.length) throw new Error('bytes after the trailer');
  return { width, height, loops, frames };
}

/** The picture shown after each frame, RGBA (the background is transparent black). */
export function* composite(gif: Gif): Generator<Uint8Array> {
  const canvas = new Uint8Array(gif.width * gif.height * 4);
  for (const f of gif.frames) {
    for (let y = 0; y < f.height; y++) {
      for (let x = 0; x < f.width; x++) {
        const index = f.indexes[y * f.width + x]!;
        if (index === f.transparentIndex) continue;
        const at = ((f.top + y) * gif.width + f.left + x) * 4;
        canvas[at] = f.palette[index * 3]!;
        canvas[at + 1] = f.palette[index * 3 + 1]!;
        canvas[at + 2] = f.palette[index * 3 + 2]!;
        canvas[at + 3] = 255;
      }
    }
    yield canvas;
    if (f.dispose === 2) {
      for (let y = 0; y < f.height; y++)
        canvas.fill(0, ((f.top + y) * gif.width + f.left) * 4, ((f.top + y) * gif.width + f.left + f.width) * 4);
    }
  }
}
