// The part of the WebAssembly JavaScript API that wasm-mlp.ts uses. Node has it as a global, but
// @types/node 20 does not declare it and the packages compile without the DOM lib.
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
    static exports(module: Module): { name: string; kind: string }[];
  }
  class Instance {
    constructor(module: Module, imports: object);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    readonly buffer: ArrayBuffer;
    grow(pages: number): number;
  }
  function validate(bytes: Uint8Array): boolean;
}
