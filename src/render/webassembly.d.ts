/**
 * The little of WebAssembly's JavaScript API that KnownPalette (quantize.ts) uses:
 * TypeScript declares it only with the DOM's library, which the bot does not load.
 */
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Instance {
    constructor(module: Module);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    readonly buffer: ArrayBuffer;
    grow(pages: number): number;
  }
  class Global {
    readonly value: unknown;
  }
}
