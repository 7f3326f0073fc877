/** Each tool: how to tell it is here, and the Debian package that brings it. */
export declare const TEST_TOOLS: Record<string, { command?: string; file?: string; debian: string }>;
/** Whether `tool` (a key of TEST_TOOLS) is on this machine. */
export declare function hasTool(tool: string): boolean;
/** The tools of TEST_TOOLS this machine lacks. */
export declare function missingTools(): string[];
