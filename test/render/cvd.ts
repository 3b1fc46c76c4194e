/**
 * Colour-vision deficiency simulation and colour difference, for the palette tests.
 *
 * Simulation: Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model
 * for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), the matrices for
 * severity 1.0 (complete dichromacy: protanopia, deuteranopia, tritanopia). They
 * apply to linear RGB, so sRGB is linearised first and the result clipped to 0..1.
 *
 * Difference: CIEDE2000 (Sharma, Wu & Dalal 2005) between CIELAB colours, sRGB
 * with the D65 white point.
 */

export type Vision = 'normal' | 'protanopia' | 'deuteranopia' | 'tritanopia';
export const VISIONS: readonly Vision[] = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'];

type Rgb = readonly [number, number, number];
type Matrix = readonly [Rgb, Rgb, Rgb];

const MACHADO: Readonly<Record<Exclude<Vision, 'normal'>, Matrix>> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

/** "#RRGGBB" -> linear RGB, 0..1. */
export function linearRgb(hex: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #RRGGBB colour: ${hex}`);
  const lin = (h: string): number => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return [lin(m[1]!), lin(m[2]!), lin(m[3]!)];
}

const clip = (x: number): number => Math.min(1, Math.max(0, x));

/** The linear RGB colour as seen with the given vision. */
export function simulate(rgb: Rgb, vision: Vision): Rgb {
  if (vision === 'normal') return rgb;
  const [r0, r1, r2] = MACHADO[vision];
  const mul = (row: Rgb): number => clip(row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]);
  return [mul(r0), mul(r1), mul(r2)];
}

export interface Lab {
  readonly L: number;
  readonly a: number;
  readonly b: number;
}

/** Linear sRGB (D65) -> CIELAB. */
export function lab([r, g, b]: Rgb): Lab {
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return { L: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

const deg = (rad: number): number => (rad * 180) / Math.PI;
const rad = (d: number): number => (d * Math.PI) / 180;

/** CIEDE2000 colour difference (kL = kC = kH = 1). */
export function deltaE2000(p: Lab, q: Lab): number {
  const C1 = Math.hypot(p.a, p.b);
  const C2 = Math.hypot(q.a, q.b);
  const Cbar = (C1 + C2) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cbar ** 7 / (Cbar ** 7 + 25 ** 7)));
  const a1 = (1 + G) * p.a;
  const a2 = (1 + G) * q.a;
  const C1p = Math.hypot(a1, p.b);
  const C2p = Math.hypot(a2, q.b);
  const h = (b: number, a: number): number => (a === 0 && b === 0 ? 0 : (deg(Math.atan2(b, a)) + 360) % 360);
  const h1 = h(p.b, a1);
  const h2 = h(q.b, a2);
  const dL = q.L - p.L;
  const dC = C2p - C1p;
  let dh = 0;
  if (C1p * C2p !== 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(C1p * C2p) * Math.sin(rad(dh / 2));
  const Lbar = (p.L + q.L) / 2;
  const Cbarp = (C1p + C2p) / 2;
  let hbar = h1 + h2;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1 - h2) <= 180) hbar = (h1 + h2) / 2;
    else hbar = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const T =
    1 -
    0.17 * Math.cos(rad(hbar - 30)) +
    0.24 * Math.cos(rad(2 * hbar)) +
    0.32 * Math.cos(rad(3 * hbar + 6)) -
    0.2 * Math.cos(rad(4 * hbar - 63));
  const dTheta = 30 * Math.exp(-(((hbar - 275) / 25) ** 2));
  const RC = 2 * Math.sqrt(Cbarp ** 7 / (Cbarp ** 7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lbar - 50) ** 2) / Math.sqrt(20 + (Lbar - 50) ** 2);
  const SC = 1 + 0.045 * Cbarp;
  const SH = 1 + 0.015 * Cbarp * T;
  const RT = -Math.sin(rad(2 * dTheta)) * RC;
  return Math.sqrt((dL / SL) ** 2 + (dC / SC) ** 2 + (dH / SH) ** 2 + RT * (dC / SC) * (dH / SH));
}

/** ΔE00 between two sRGB colours as someone with the given vision sees them. */
export function difference(x: string, y: string, vision: Vision): number {
  return deltaE2000(lab(simulate(linearRgb(x), vision)), lab(simulate(linearRgb(y), vision)));
}

export interface PairDifference {
  readonly x: string;
  readonly y: string;
  readonly vision: Vision;
  readonly dE: number;
}

/** Every pair of the named colours under every vision, smallest difference first. */
export function pairDifferences(colours: Readonly<Record<string, string>>): PairDifference[] {
  const names = Object.keys(colours);
  const out: PairDifference[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      for (const vision of VISIONS) {
        out.push({
          x: names[i]!,
          y: names[j]!,
          vision,
          dE: difference(colours[names[i]!]!, colours[names[j]!]!, vision),
        });
      }
    }
  }
  return out.sort((p, q) => p.dE - q.dE);
}
