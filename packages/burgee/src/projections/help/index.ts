export type { HelpEntry } from './global-options.js';
export {
  type HelpArgument,
  type HelpCommand,
  type HelpData,
  type HelpDataOptions,
  type HelpOption,
  toHelpData,
} from './help-data.js';
export { HELP_COMMAND_LIMIT, listedCommands } from './long-list.js';
export { agentLine, type HelpRenderOptions, renderHelp } from './render-help.js';
export { optionFlags, optionName, renderUsageLine } from './usage.js';
export { toUsageSummary } from './usage-summary.js';
