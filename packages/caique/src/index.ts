export { type DecideInput, type Decision, decide, isPromptKind, PromptKind } from './decide.js';
export {
  fitWidth,
  type ProgressLine,
  type ProgressReport,
  type ProgressStream,
  renderProgress,
  startProgress,
} from './progress.js';
export {
  type Binding,
  type Choice,
  confirm,
  multiselect,
  type PromptInput,
  type PromptOutput,
  password,
  path,
  select,
  text,
  type Validate,
} from './prompts.js';
export { CANCELLED, type Cancellation, type Refusal, type RefusalTarget, toRefusal } from './refusal.js';
