/** Types of build.mjs, for the benchmarks (TypeScript) that start the production server the way `npm start` does. */
export declare const SERVER_BUNDLE: string;
export declare const SERVER_NODE_FLAGS: string[];
export declare function serverArgs(): string[];
export declare function serverBuildIsStale(): boolean;
export declare function buildServer(): Promise<number>;
export declare function ensureServerBuilt(): Promise<void>;
