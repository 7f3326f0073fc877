// The programs the real-shell and terminal tests drive, and the Debian package of each: read by
// scripts/test-tools.mjs (which installs what it can) and by tools.ts (which skips what is missing).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Each tool: how to tell it is here, and the Debian package that brings it. */
export const TEST_TOOLS = {
  bash: { command: 'bash', debian: 'bash' },
  zsh: { command: 'zsh', debian: 'zsh' },
  fish: { command: 'fish', debian: 'fish' },
  tmux: { command: 'tmux', debian: 'tmux' },
  'bash-completion': { file: '/usr/share/bash-completion/bash_completion', debian: 'bash-completion' },
  // The reverse proxy of the load-balancer test; Debian puts it in /usr/sbin, off a user's PATH.
  nginx: { file: '/usr/sbin/nginx', debian: 'nginx' },
  // The shared task store of the tasks tests behind the load balancer (B4).
  'redis-server': { command: 'redis-server', debian: 'redis-server' },
};

/** Whether `tool` (a key of TEST_TOOLS) is on this machine. */
export function hasTool(tool) {
  const { command, file } = TEST_TOOLS[tool];
  if (file !== undefined) return existsSync(file);
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** The tools of TEST_TOOLS this machine lacks. */
export const missingTools = () => Object.keys(TEST_TOOLS).filter((tool) => !hasTool(tool));
