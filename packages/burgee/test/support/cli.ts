import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root, for paths to the examples. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Absolute path of an example's entry script. */
export const example = (name: 'deploy' | 'ship' | 'migrate'): string => `${repoRoot}examples/${name}/cli.mjs`;

export type CliResult = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

export type CliOptions = {
  /** Added to a minimal environment (PATH, HOME, LANG), so the machine's own variables never leak in. */
  env?: Record<string, string>;
  /** Text written to stdin, then closed; default: stdin is /dev/null (closed, not a terminal). */
  stdin?: string;
  cwd?: string;
  timeoutMs?: number;
  /** Node's own flags, before the script (`--trace-gc-nvp`). */
  nodeFlags?: readonly string[];
};

/** Runs a program as a user would, in a child process, and collects everything it printed. */
export function runCli(script: string, args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    LANG: 'C.UTF-8',
    ...options.env,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeFlags ?? []), script, ...args], {
      env,
      cwd: options.cwd ?? repoRoot,
      stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out: ${script} ${args.join(' ')}\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 15_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  });
}
