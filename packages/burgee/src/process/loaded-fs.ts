import type * as NodeFs from 'node:fs';
import { builtinFs } from './builtins.js';

// Top-level await: only modules loaded with import() may import this one (never the core).
/** node:fs, once, for the modules loaded on demand that read files synchronously. */
export const fs: typeof NodeFs = await builtinFs();
