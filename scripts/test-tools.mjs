#!/usr/bin/env node
// Run by `npm test` before the tests: the completion tests drive real shells (bash, zsh, fish), the
// prompt, progress and completion tests a real terminal (tmux), the load-balancer test nginx. Whatever is missing is installed from
// Debian's packages when this machine can (apt-get, as root or with sudo that asks no password);
// otherwise this prints one line naming what to install, and the tests that need it are skipped
// (test/support/tools.ts). BURGEE_TEST_INSTALL=0 never installs anything.
import { spawnSync } from 'node:child_process';
import { missingTools, TEST_TOOLS } from '../packages/burgee/test/support/tools-list.mjs';

const missing = missingTools();
if (missing.length === 0) process.exit(0);
const packages = [...new Set(missing.map((tool) => TEST_TOOLS[tool].debian))];
const line = `apt-get install -y ${packages.join(' ')}`;

const canInstall = () => {
  if (process.env.BURGEE_TEST_INSTALL === '0') return undefined;
  if (spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status !== 0) return undefined;
  if (process.getuid?.() === 0) return [];
  return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0 ? ['sudo', '-n'] : undefined;
};

const sudo = canInstall();
if (sudo !== undefined) {
  console.error(
    `test tools: installing ${packages.join(', ')} (Debian packages) for the shell, terminal and proxy tests`,
  );
  const install = `${sudo.join(' ')} apt-get update -qq && ${sudo.join(' ')} env DEBIAN_FRONTEND=noninteractive ${line} -qq`;
  const result = spawnSync('sh', ['-c', `${install} >/dev/null`], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status === 0 && missingTools().length === 0) process.exit(0);
}
const still = missingTools();
console.error(
  `test tools: ${still.join(', ')} not found, so the tests that drive them are skipped; to run them: ${line.replace(/^/, process.getuid?.() === 0 ? '' : 'sudo ')}`,
);
