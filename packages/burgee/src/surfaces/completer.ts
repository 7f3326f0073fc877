import type { Program } from '../declaration/types.js';
import { findCommand } from '../manifest/commands.js';
import type { Manifest } from '../manifest/types.js';
import { findDeclaration } from '../pipeline/handler.js';
import type { CompleterResolver } from './synthesised-commands.js';

/**
 * The resolver for programs declared with `defineCommand`: the option's `complete` function. Only
 * the declaration object is read, never a lazy command's module, so completing imports no handler (D7).
 */
export function declaredCompleter(program: Program, manifest: Manifest): CompleterResolver {
  return (path, flag) => {
    const option = findCommand(manifest.root, path)?.options.find(
      (o) => o.flag === flag || (o.short !== undefined && `-${o.short}` === flag),
    );
    if (option === undefined) return undefined;
    return findDeclaration(program.root, path)?.options?.[option.key]?.complete;
  };
}
