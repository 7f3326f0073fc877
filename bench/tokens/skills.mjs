// The skills path of the token benchmark: what a program's `skills add` writes, read back from the
// disk. Whatever shape the skills take (one file, a skill per group, reference files beside a root
// SKILL.md), every file written under a folder named `skills` in the temporary home or project is
// read; the same skill written for several agents is read once.
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, extname, join, relative, sep } from 'node:path';

const SKIPPED = /\.(bak|burgee|lock)$/;

/** Every file below `dir` (symbolic links followed, each real file once), as paths relative to `dir`. */
function walk(dir, seen = new Set(), base = dir) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    const real = realpathSync(path);
    if (seen.has(real)) continue;
    seen.add(real);
    if (statSync(real).isDirectory()) found.push(...walk(path, seen, base));
    else found.push(relative(base, path));
  }
  return found;
}

/**
 * The skill files under `dirs`: `{ skill, rel, text }`, where `skill` is the folder after a `skills`
 * folder and `rel` the file's path inside it (`SKILL.md`, `references/deploys.md`).
 */
export function readSkills(dirs) {
  const files = new Map();
  for (const dir of dirs) {
    for (const path of walk(dir)) {
      const parts = path.split(sep);
      const at = parts.lastIndexOf('skills');
      if (at === -1 || at + 2 >= parts.length || SKIPPED.test(path)) continue;
      const skill = parts[at + 1];
      const rel = parts.slice(at + 2).join('/');
      if (files.has(`${skill}/${rel}`)) continue;
      files.set(`${skill}/${rel}`, { skill, rel, text: readFileSync(join(dir, path), 'utf8') });
    }
  }
  if (![...files.values()].some((file) => file.rel === 'SKILL.md')) throw new Error(`no SKILL.md under ${dirs}`);
  return [...files.values()].sort((a, b) => `${a.skill}/${a.rel}`.localeCompare(`${b.skill}/${b.rel}`));
}

/** A SKILL.md's front matter, fences included: what an agent holds from the start of a session. */
export function frontMatter(text) {
  if (!text.startsWith('---\n')) return '';
  const end = text.indexOf('\n---\n', 3);
  return end === -1 ? '' : text.slice(0, end + 5);
}

/** The front matter of every installed skill. */
export const sessionStart = (files) =>
  files
    .filter((file) => file.rel === 'SKILL.md')
    .map((file) => ({ what: `front matter of ${file.skill}/SKILL.md`, text: frontMatter(file.text) }));

/** Is `file` about `group`: its own skill (`cloud-deploys`, `deploys`) or a file of the root skill named after it? */
function coversGroup(file, program, group) {
  if (file.skill === `${program}-${group}` || file.skill === group) return file.rel === 'SKILL.md';
  if (file.skill !== program || file.rel === 'SKILL.md') return false;
  const words = file.rel.split('/').map((part) => basename(part, extname(part)));
  return words.includes(group) || words.includes(`${program}-${group}`);
}

/**
 * What an agent reads to learn `commands`: the root skill (the one named after the program), if
 * there is one, then the file covering each of their groups, if there is one. Refuses when what is
 * read does not name every command (as `group command`, or the command in its group's file), so a
 * change of shape the rule misses cannot pass unnoticed.
 */
export function filesToLearn(files, program, commands) {
  const root = files.find((file) => file.skill === program && file.rel === 'SKILL.md');
  const groups = [...new Set(commands.map((command) => command.group))];
  const perGroup = groups.map((group) => files.find((file) => coversGroup(file, program, group)));
  const read = [root, ...perGroup].filter((file) => file !== undefined);
  const all = read.map((file) => file.text).join('\n');
  for (const command of commands) {
    const own = perGroup[groups.indexOf(command.group)]?.text ?? '';
    if (!all.includes(`${command.group} ${command.command}`) && !new RegExp(`\\b${command.command}\\b`).test(own)) {
      const names = files.map((file) => `${file.skill}/${file.rel}`).join(', ');
      throw new Error(`${program}: no skill file read names "${command.group} ${command.command}" (files: ${names})`);
    }
  }
  return read.map((file) => ({ what: `${file.skill}/${file.rel}`, text: file.text }));
}
