export { toArgv } from './argv.js';
export { toOutputSchema } from './output-schema.js';
export { findToolCommand, listToolCommands, toAnnotations, toMcpTool, toMcpTools, toolName } from './tools.js';
export type * from './types.js';
