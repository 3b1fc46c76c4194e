/** The part of gifenc (1.0.3, MIT, CommonJS without types) that replay.ts uses. */
declare module 'gifenc' {
  /** [r, g, b] or [r, g, b, a]. */
  export type Colour = number[];
  export type Palette = Colour[];

  export interface FrameOptions {
    /** The global colour table on the first frame; a local one on later frames. */
    readonly palette?: Palette;
    /** Milliseconds (written in hundredths). */
    readonly delay?: number;
    /** -1 once, 0 forever, n times. Written with the first frame. */
    readonly repeat?: number;
    readonly transparent?: boolean;
    readonly transparentIndex?: number;
    /** GIF disposal method: 1 keeps the frame under the next one. */
    readonly dispose?: number;
    readonly colorDepth?: number;
  }

  export interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number, opts?: FrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
    bytesView(): Uint8Array;
  }

  export interface QuantizeOptions {
    readonly format?: 'rgb565' | 'rgb444' | 'rgba4444';
    readonly oneBitAlpha?: boolean | number;
    readonly clearAlpha?: boolean;
  }

  const gifenc: {
    GIFEncoder(opts?: { readonly initialCapacity?: number; readonly auto?: boolean }): Encoder;
    /** Up to `maxColours` colours for RGBA pixels (PnnQuant). */
    quantize(rgba: Uint8Array | Uint8ClampedArray, maxColours: number, opts?: QuantizeOptions): Palette;
    /** The palette index of each RGBA pixel (nearest colour, cached per rgb565 value). */
    applyPalette(
      rgba: Uint8Array | Uint8ClampedArray,
      palette: Palette,
      format?: 'rgb565' | 'rgb444' | 'rgba4444',
    ): Uint8Array;
  };
  export default gifenc;
}
