export function buildWeb(): Promise<void>;
/** Bundles the server into outDir/main.js; returns the packages the bundle imports at run time. */
export function buildServer(outDir?: string, options?: { stamp?: boolean }): Promise<string[]>;
