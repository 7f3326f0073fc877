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
  const checked: FileUpdate[] = [];
  for (const file of files) checked.push(await updateUserFile(file.file, () => file.text, { dryRun: true }));
  const updates = request.dryRun ? checked : await writeAll(files);
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

/** One at a time, in order: two files are never half written together. */
async function writeAll(files: readonly SkillFile[]): Promise<FileUpdate[]> {
  const updates: FileUpdate[] = [];
  for (const file of files) updates.push(await updateUserFile(file.file, () => file.text));
  return updates;
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
