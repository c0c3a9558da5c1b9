// Types of engine/browser-build.mjs (the esbuild script of the browser entry), for the bench and tests.
export interface Size {
  raw: number;
  gzip: number;
}
export interface Files extends Size {
  files: string[];
}
export declare const DEFAULT_OUT_DIR: string;
export declare function buildBrowserEngine(
  outDir?: string,
  options?: { locales?: boolean },
): Promise<{ outDir: string; entry: Files; runtime: Files; enPack: Size; zone: Size; inputs: Record<string, number> }>;
