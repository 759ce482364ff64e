/**
 * Where the runtime gets its files — the trained nets (`weights/*.nnet`), the bear-off tables (`data/*.bin`)
 * and the nets' WebAssembly kernel (`src/net/wasm-mlp.wasm`), each named by its path in the package. The
 * runtime never touches a file system, so that it runs in a browser's Web Worker as well as in Node: Node
 * installs `nodeDataSource()` (`useNodeData()` from `@nardy/ai/node`); a browser installs `bytesSource` of
 * files it was given or `fetchDataSource` of files it fetches. Files are read on first use and kept, so the
 * source is installed before the first evaluation.
 */
export interface DataSource {
  /** The file's bytes; throws (saying why) when it cannot be had. */
  load(name: string): Uint8Array;
  /** false: nets keep the TypeScript forward pass instead of the WebAssembly kernel (default true). */
  readonly wasm?: boolean;
}

let installed: DataSource | undefined;

export function setDataSource(source: DataSource): void {
  installed = source;
}

export const hasDataSource = (): boolean => installed !== undefined;

/** The installed source; throws when there is none (reading files is the host's choice, never a default). */
export function dataSource(): DataSource {
  if (!installed) throw new Error("@nardy/ai has no data source: call useNodeData() from '@nardy/ai/node', or setDataSource(bytesSource(…))");
  return installed;
}

/** Files handed over as bytes (a browser that fetched or bundled them), by package path. */
export function bytesSource(files: Readonly<Record<string, Uint8Array>>, options: { readonly wasm?: boolean } = {}): DataSource {
  return {
    load(name) {
      const bytes = files[name];
      if (!bytes) throw new Error(`${name} was not given to bytesSource`);
      return bytes;
    },
    ...options,
  };
}

/** Fetches `names` (paths in the package, e.g. `DATA_FILES`) relative to `base`, the URL the package's files are served under. */
export async function fetchDataSource(base: URL | string, names: readonly string[], options: { readonly wasm?: boolean } = {}): Promise<DataSource> {
  const entries = await Promise.all(
    names.map(async (name) => {
      const url = new URL(name, base);
      const response = await fetch(url);
      if (!response.ok) throw new Error(`cannot fetch ${url.href}: ${response.status} ${response.statusText}`);
      return [name, new Uint8Array(await response.arrayBuffer())] as const;
    }),
  );
  return bytesSource(Object.fromEntries(entries), options);
}

/** Reads `name` from `source`, naming what it is (`what`) and the way out (`fix`) when it cannot. */
export function readData(name: string, what: string, fix: string, source: DataSource = dataSource()): Uint8Array {
  try {
    return source.load(name);
  } catch (e) {
    throw new Error(`cannot read ${what} ${name} (${(e as Error).message}); ${fix}`);
  }
}
