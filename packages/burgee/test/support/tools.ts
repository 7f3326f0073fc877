// Tests that drive a real shell or terminal run where it is installed and are skipped, by name,
// where it is not: `npm test` installs what it can first and names the rest (scripts/test-tools.mjs).
import { describe } from 'vitest';
// A plain ES module, shared with scripts/test-tools.mjs, which runs before anything is built.
import { hasTool, TEST_TOOLS } from './tools-list.mjs';

/** A tool the shell and terminal tests drive. */
export type TestTool = 'bash' | 'zsh' | 'fish' | 'tmux' | 'bash-completion' | 'nginx' | 'redis-server';

/** The tools of `tools` this machine lacks. */
export const lacking = (...tools: TestTool[]): TestTool[] => tools.filter((tool) => !hasTool(tool));

/**
 * `describe`, skipped when a tool it needs is missing; the title then says which and how to get it,
 * so a skipped run reads as "install fish", not as a failure.
 */
export function describeWith(tools: TestTool[], title: string, body: () => void): void {
  const missing = lacking(...tools);
  if (missing.length === 0) {
    describe(title, body);
    return;
  }
  const packages = missing.map((tool) => TEST_TOOLS[tool]?.debian).join(' ');
  describe.skip(`${title} (skipped: ${missing.join(', ')} not installed; apt-get install ${packages})`, body);
}
