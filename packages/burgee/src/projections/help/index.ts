export type { HelpEntry } from './global-options.js';
export { type HelpArgument, type HelpCommand, type HelpData, type HelpOption, toHelpData } from './help-data.js';
export { agentLine, type HelpRenderOptions, renderHelp } from './render-help.js';
export { optionFlags, optionName, renderUsageLine } from './usage.js';
