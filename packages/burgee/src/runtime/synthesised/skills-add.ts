import { readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { toSuccessEnvelope } from '../../projections/envelope/index.js';
import { type SkillFile, toSkillFiles, toSkillSet } from '../../projections/skills/index.js';
import { type FileUpdate, updateUserFile } from '../../user-files/index.js';
import type { RunResult } from '../report.js';
import type { SkillsRequest } from './skills-words.js';
import type { SynthesisedCall } from './table.js';

type AddRequest = Extract<SkillsRequest, { action: 'add' }>;

/** One file as `skills add` reports it: where, for which agents, and what was done to it. */
type Written = {
  file: string;
  /** Where a symbolic link at `file` points: the file written, the link kept (K4). */
  target?: string;
  agents: string[];
  changed: boolean;
  created: boolean;
  backup?: string;
  /** Under `--dry-run`, the lines that would change in a file that is there already. */
  diff?: string;
};

/**
 * `skills add`: every skill of the program into the folder agents share and into each named agent's
 * own, under the project or the home folder (L4), through the one writer of a user's files (K2, K4).
 * Every file is checked before any is written, so a refusal of one leaves all as they were.
 */
export async function addSkills(call: SynthesisedCall, request: AddRequest): Promise<RunResult> {
  const { manifest, io, report } = call;
  const home = io.env.HOME || io.env.USERPROFILE || homedir();
  const place = { platform: process.platform, home, cwd: io.cwd };
  const files = toSkillFiles(toSkillSet(manifest), request.agents, request.scope, place);
  // A link is followed only where it stays in the folder asked for (K4): one planted in a cloned
  // repository cannot aim the skill at another file of the user's.
  const within = request.scope === 'user' ? home : io.cwd;
  const checked: FileUpdate[] = [];
  for (const file of files) checked.push(await updateUserFile(file.file, () => file.text, { dryRun: true, within }));
  const updates = request.dryRun ? checked : await writeAll(files, within);
  const written = files.map((file, i) => toWritten(file, updates[i]!));
  const changed = written.some((file) => file.changed);
  const data = {
    scope: request.scope,
    skills: [...new Set(files.map((file) => file.name))],
    files: written,
    changed,
    ...(request.dryRun ? { dryRun: true } : {}),
  };
  if (report.json) return report.envelope(toSuccessEnvelope(data, {}, changed));
  return report.text(written.flatMap((file) => lines(file, request.dryRun)).join('\n'));
}

/**
 * One at a time, in order, all or nothing (K4): when one write fails, the files written before it
 * get back what they held (a file that was not there is removed), then the failure is reported.
 */
async function writeAll(files: readonly SkillFile[], within: string): Promise<FileUpdate[]> {
  const updates: FileUpdate[] = [];
  const before: (Buffer | undefined)[] = [];
  try {
    for (const file of files) {
      before.push(await readFile(file.file).catch(() => undefined));
      updates.push(await updateUserFile(file.file, () => file.text, { within }));
    }
  } catch (error) {
    await undo(updates, before);
    throw error;
  }
  return updates;
}

/** Puts back what each written file held, byte for byte, or no file at all (its `.bak` stays: the same bytes). */
async function undo(updates: readonly FileUpdate[], before: readonly (Buffer | undefined)[]): Promise<void> {
  for (const [i, update] of [...updates.entries()].reverse()) {
    if (!update.written) continue;
    const old = before[i];
    if (old === undefined) await rm(update.target, { force: true });
    else await writeFile(update.target, old);
  }
}

function toWritten(file: SkillFile, update: FileUpdate): Written {
  const written: Written = { file: update.file, agents: file.agents, changed: update.changed, created: update.created };
  if (update.target !== update.file) written.target = update.target;
  if (update.backup !== undefined) written.backup = update.backup;
  if (update.diff !== undefined && !update.created) written.diff = update.diff;
  return written;
}

/** `created <file>`, `updated <file>` with where the old copy went, `unchanged <file>`; `would create …` under `--dry-run`. */
function lines(file: Written, dryRun: boolean): string[] {
  const done = !file.changed ? 'unchanged' : file.created ? 'create' : 'update';
  const word = done === 'unchanged' ? done : dryRun ? `would ${done}` : `${done}d`;
  const kept = file.backup === undefined ? [] : [`  old copy: ${file.backup}`];
  const link = file.target === undefined ? [] : [`  through the link, in: ${file.target}`];
  return [`${word.padEnd(12)} ${file.file}`, ...link, ...kept];
}
