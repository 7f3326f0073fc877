// What `burgee/commander` loads on demand, in one import: the host and the process runner.
export { runProcess } from '../../runtime/run.js';
export { commanderProgram } from './host.js';
