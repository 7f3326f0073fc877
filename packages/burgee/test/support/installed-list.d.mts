/** One installed package: its name, where it is, the bytes of its own files, and what its code imports. */
export type InstalledPackage = { name: string; dir: string; bytes: number; imports: Set<string> };
/** Every package under `nodeModules`, nested node_modules folders included. */
export declare function installedPackages(nodeModules: string): InstalledPackage[];
/** The installed packages that nothing reaches from `root` by following imports. */
export declare function unaccounted(packages: readonly InstalledPackage[], root: string): string[];
