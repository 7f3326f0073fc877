import { readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import type { RunResult } from '../pipeline/report.js';
import { toSuccessEnvelope } from '../projections/envelope/index.js';
import { type SkillFile, toSkillFiles, toSkillPages } from '../projections/skills/index.js';
import { type Edit, type FileUpdate, refusals, refuseFile, updateUserFile } from '../user-files/index.js';
import type { SkillsRequest } from './skills-words.js';
import type { SynthesisedCall } from './synthesised-commands.js';

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
 * `skills add`: every file of the program's skill (its `SKILL.md` and the pages of its groups) into
 * the folder agents share and into each named agent's own, under the project or the home folder (L4), through the one writer of a user's files (K2, K4).
 * Every file is checked before any is written, so a refusal of one leaves all as they were.
 */
export async function addSkills(call: SynthesisedCall, request: AddRequest): Promise<RunResult> {
  const { manifest, io, report } = call;
  const home = io.env.HOME || io.env.USERPROFILE || homedir();
  const place = { platform: process.platform, home, cwd: io.cwd };
  const files = toSkillFiles(toSkillPages(manifest), request.agents, request.scope, place);
  // A link is followed only where it stays in the folder asked for (K4): one planted in a cloned
  // repository cannot aim the skill at another file of the user's.
  const within = request.scope === 'user' ? home : io.cwd;
  const checked: FileUpdate[] = [];
  for (const file of files) checked.push(await updateUserFile(file.file, ownSkill(file), { dryRun: true, within }));
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
 * The page's text, over what its file holds, unless that is another skill's (L4, K4): one whose front
 * matter names another skill, or whose title (its first `# ` line) names another program or group,
 * such as a skill written by hand in a folder of the same name: refused, never replaced. A file with
 * neither is no one's: replaced, its text kept in `<file>.bak`.
 */
function ownSkill(file: SkillFile): Edit {
  return (current) => {
    if (current === undefined) return file.text;
    const name = frontMatterName(current);
    if (name !== undefined && name !== file.name) {
      throw refuseFile(
        refusals.anotherSkill(file.file, `its front matter names the skill "${name}", not "${file.name}"`),
      );
    }
    const title = titleOf(current);
    const own = titleOf(file.text);
    // A title a user lengthened (`# ship (mine)`) is still this skill's.
    if (title !== undefined && own !== undefined && title !== own && !title.startsWith(`${own} `)) {
      throw refuseFile(refusals.anotherSkill(file.file, `its title is "${title}", not "${own}"`));
    }
    return file.text;
  };
}

/** The `name` of a `SKILL.md`'s front matter, unquoted; undefined when it has none. */
function frontMatterName(text: string): string | undefined {
  const front = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(text)?.[1];
  const value = front === undefined ? undefined : /^name:[ \t]*(.*?)[ \t]*$/m.exec(front)?.[1];
  if (value === undefined) return undefined;
  if (/^'.*'$/.test(value)) return value.slice(1, -1).replace(/''/g, "'");
  if (/^".*"$/.test(value)) {
    try {
      return String(JSON.parse(value));
    } catch {
      return value;
    }
  }
  return value.replace(/[ \t]+#.*$/, '');
}

/** The first `# ` line after the front matter, without its Markdown escapes; undefined when there is none. */
function titleOf(text: string): string | undefined {
  const body = text.replace(/^---\n[\s\S]*?\n---(?:\n|$)/, '');
  const title = /^#[ \t]+(.*?)[ \t]*$/m.exec(body)?.[1];
  return title?.replace(/\\([!-/:-@[-`{-~])/g, '$1');
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
      updates.push(await updateUserFile(file.file, ownSkill(file), { within }));
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
