export { type Colors, plainColors } from './colors.js';
export { renderDeprecation, renderDeprecationWarning } from './deprecation.js';
export { renderData } from './render-data.js';
export {
  type ActionRequiredText,
  type FailureText,
  type NextStepText,
  renderActionRequired,
  renderFailure,
} from './render-failure.js';
export type { UsageRow, UsageSummary } from './usage-rows.js';
