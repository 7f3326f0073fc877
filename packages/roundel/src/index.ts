export { AGENT_VARIABLES, type AgentVariable, detectAgent, type Env } from './agent.js';
export { type ColorLevel, type Colors, colorLevel, createColors } from './color.js';
export { contextInteractive, type InteractiveInput, interactive, type TerminalState } from './interactive.js';
export { isOutputMode, OutputMode, outputMode } from './output-mode.js';
