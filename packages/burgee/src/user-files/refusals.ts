/**
 * Every way burgee refuses to write a user's file (K2, K4), as { message, hint }. None carries a `fix`:
 * what to do with a file the user owns (unlink it, make it writable, edit it) is the user's choice,
 * and a fix line is for exactly one runnable answer.
 */

import { ConfigError } from '../errors/errors.js';
import type { Refusal } from '../errors/refusals/index.js';

/** A refusal as the exit-3 failure every writer of a user's file throws. */
export const refuseFile = (refusal: Refusal): ConfigError => new ConfigError(refusal.message, refusal);

const ASIDE = 'move it aside or delete it, then run the command again';

/** `<file>.bak` is a symbolic link: writing the backup would write wherever it points. */
export const backupIsLink = (backup: string, points: string): Refusal => ({
  message: `${backup} is a symbolic link (to ${points}); burgee never writes a backup through a link, so nothing was written`,
  hint: `a backup is always a plain file burgee made: ${ASIDE}`,
});

/** The path leads, through a symbolic link (of the file or of a folder above it), out of the folder asked for. */
export const linkedOut = (file: string, target: string, within: string): Refusal => ({
  message: `${file} leads through a symbolic link to ${target}, outside ${within}; nothing was written`,
  hint: 'a link planted in a folder (a cloned repository, say) could aim the write at any file of yours: remove the link, then run the command again',
});

/** `<file>.bak` exists, and its stamp does not show burgee made it. */
export const backupNotOurs = (backup: string, stamp: string, why: string): Refusal => ({
  message: `${backup} is not a backup burgee made (${why}); nothing was written`,
  hint: `burgee replaces a .bak only when ${stamp} shows it wrote that very file: ${ASIDE}`,
});

/** The file the backup's stamp would be written to is something else. */
export const stampNotOurs = (stamp: string): Refusal => ({
  message: `${stamp} is in the way: it is not a backup stamp burgee wrote; nothing was written`,
  hint: `burgee keeps the record of its backup there: ${ASIDE}`,
});

/** A SKILL.md in the folder a skill goes to that is another skill: another program's, or one the user wrote (L4, K4). */
export const anotherSkill = (file: string, why: string): Refusal => ({
  message: `${file} is another skill (${why}); nothing was written`,
  hint: `burgee replaces only a skill it wrote for this program: ${ASIDE}`,
});

/** The owner has no write permission on the file: that is taken as the user's wish. */
export const readOnly = (file: string): Refusal => ({
  message: `${file} is read-only; nothing was written`,
  hint: 'burgee leaves a file you made read-only as it is: make it writable (chmod u+w) to let burgee change it, or edit it by hand',
});

/** More than one name points at the file: a rename would update one of them and leave the others behind. */
export const hardLinked = (file: string, names: number): Refusal => ({
  message: `${file} has ${names} hard links; replacing it would leave the other names holding the old text, so nothing was written`,
  hint: 'keep one copy of the file (a symbolic link to it is fine), then run the command again',
});

/** A symbolic link whose target does not exist: creating it would put a file wherever the link points. */
export const danglingLink = (file: string, points: string): Refusal => ({
  message: `${file} is a symbolic link to ${points}, which does not exist; nothing was written`,
  hint: 'create the file it points to, or remove the link, then run the command again',
});

/** A folder, FIFO, socket or device where a file was expected. */
export const notAFile = (file: string): Refusal => ({
  message: `${file} is not a regular file; nothing was written`,
  hint: `burgee writes plain files only: ${ASIDE}`,
});

/** Bytes that are not UTF-8: writing the text back would change them. */
export const notUtf8 = (file: string): Refusal => ({
  message: `${file} is not UTF-8 text; nothing was written`,
  hint: 'convert it to UTF-8, or edit it by hand',
});

/** Another writer holds the lock for longer than a writer waits. */
export const locked = (file: string, lock: string, holder: string): Refusal => ({
  message: `${file} is being written by ${holder}; nothing was written`,
  hint: `wait for it to finish and run the command again; if no such process runs, delete ${lock}`,
});

/** A file at the lock's place that is not a lock burgee made. */
export const lockNotOurs = (lock: string): Refusal => ({
  message: `${lock} is in the way: it is not a lock burgee made; nothing was written`,
  hint: `burgee takes its lock beside the file it writes: ${ASIDE}`,
});

/** The file system said no (permissions, a full disk, a read-only mount). */
export const cannotWrite = (path: string, code: string): Refusal => ({
  message: `cannot write ${path} (${code}); the file was left as it was`,
  hint: 'check the permissions of the file and its folder, and the free space',
});

/** The file could not be read at all. */
export const cannotRead = (path: string, code: string): Refusal => ({
  message: `cannot read ${path} (${code}); nothing was written`,
  hint: 'check the file permissions',
});

/** Text that does not parse as the format the file should hold. */
export const notParsable = (file: string, format: string, line: number, column: number): Refusal => ({
  message: `${file} is not valid ${format} at line ${line}, column ${column}; nothing was written`,
  hint: `fix ${file} by hand, or print the entry with mcp config and add it yourself`,
});

/** A JSON object that names one key twice: writing it back would keep only the last. */
export const duplicateKey = (file: string, path: string, line: number, column: number, format = 'JSON'): Refusal => ({
  message: `${file} has the key "${path}" twice (the second at line ${line}, column ${column}); nothing was written`,
  hint:
    format === 'JSON'
      ? 'JSON keeps only the last of two equal keys, so writing the file back would drop one: remove one by hand'
      : `${format} allows a key once in a map, and the client would read only one of the two: remove one by hand`,
});

/** A YAML file holding several documents (`---`): a client reads its first only. */
export const severalDocuments = (file: string, line: number, column: number): Refusal => ({
  message: `${file} holds more than one YAML document (the second starts at line ${line}, column ${column}); nothing was written`,
  hint: `keep one document in ${file} (the client reads the first), or print the entry with mcp config and add it yourself`,
});

/** Aliases that expand past the limit: a file built to exhaust memory, or one too tangled to edit safely. */
export const tooManyAliases = (file: string, limit: number, alias: string, line: number, column: number): Refusal => ({
  message: `${file} uses aliases (*name) that expand to more than ${limit} values, the limit passed at *${alias} (line ${line}, column ${column}); nothing was written`,
  hint: `write the repeated values out in ${file}, or print the entry with mcp config and add it yourself`,
});

/** A file whose top is not an object or table. */
export const notAnObjectAtTop = (file: string): Refusal => ({
  message: `${file} must hold an object at its top, line 1, column 1; nothing was written`,
  hint: `fix ${file} by hand`,
});

/** The key that should hold the servers holds something else. */
export const notATable = (file: string, key: string): Refusal => ({
  message: `${file}: "${key}" is not a table of servers, so it cannot be merged into; nothing was written`,
  hint: `make "${key}" an object in ${file}, or remove it`,
});

/** A YAML value with a tag that does not stand for plain data: `!!binary`, `!!set`, an application's own `!thing`. */
export const yamlTag = (file: string, tag: string, line: number, column: number): Refusal => ({
  message: `${file} has a value tagged ${tag} at line ${line}, column ${column}, which burgee cannot read as plain data; nothing was written`,
  hint: `an MCP client's YAML holds plain maps, lists, strings, numbers and booleans: remove the tag by hand, or print the entry with mcp config and add it yourself`,
});

/** A YAML alias that cannot be resolved: it names no anchor before it, or sits inside the value it names. */
export const badYamlAlias = (file: string, alias: string, line: number, column: number, why: string): Refusal => ({
  message: `${file}: the alias *${alias} at line ${line}, column ${column} ${why}; nothing was written`,
  hint: `fix ${file} by hand, or print the entry with mcp config and add it yourself`,
});

/** A value burgee would edit that is shared through a YAML anchor and alias: the edit would change the other places too. */
export const sharedYamlValue = (file: string, path: string, line: number, column: number): Refusal => ({
  message: `${file}: "${path}" at line ${line}, column ${column} is shared through a YAML anchor and alias (&name, *name), so changing it would change the other places too; nothing was written`,
  hint: `write "${path}" out in full where it is used, or edit ${file} by hand`,
});

/** A YAML file whose top is a list or a scalar, not a map. */
export const notAMapAtTop = (file: string, line: number, column: number): Refusal => ({
  message: `${file} must hold a map (key: value lines) at its top, not what starts at line ${line}, column ${column}; nothing was written`,
  hint: `fix ${file} by hand`,
});
