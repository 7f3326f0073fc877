// Writes a generated burgee program of N lazily loaded commands, two options each, for bench/scale.mjs.
// Four fifths of the commands sit in groups of 20 (`group-03 task-07`), the rest at the root, so a
// 1,000-command program has both a long root listing and groups to drill into. Two styles:
// `loop` declares the commands in a loop (the cost burgee adds per command); `written` spells each
// one out, as a hand-maintained program would (the same, plus Node parsing that much source).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The command paths of an N-command program, in declaration order. */
export function commandPaths(n) {
  const groups = Math.floor((n * 0.8) / 20);
  const paths = [];
  for (let g = 0; g < groups; g++) {
    for (let t = 0; t < 20; t++) paths.push([`group-${pad(g)}`, `task-${pad(t)}`]);
  }
  for (let i = paths.length; i < n; i++) paths.push([`step-${pad(i)}`]);
  return paths;
}

const pad = (i) => String(i).padStart(3, '0');

const HANDLER = `export default (ctx) => ({ target: ctx.options.target, count: ctx.options.count });\n`;

const LOOP = (n, burgee) => `import { defineCommand, defineProgram, run } from ${JSON.stringify(burgee)};

const load = () => import('./handler.mjs');
const leaf = (name, i) =>
  defineCommand({
    name,
    description: \`Run generated step \${i}. It exists to make the program large.\`,
    effects: i % 3 === 0 ? 'read_only' : i % 3 === 1 ? 'non_idempotent' : 'read_only',
    options: {
      target: { type: 'string', description: 'where the step runs', default: 'local' },
      count: { type: 'number', description: 'how many times to run it', integer: true, default: 1 },
    },
    load,
  });
const n = ${n};
const groups = Math.floor((n * 0.8) / 20);
const pad = (i) => String(i).padStart(3, '0');
const commands = [];
let i = 0;
for (let g = 0; g < groups; g++) {
  const tasks = [];
  for (let t = 0; t < 20; t++) tasks.push(leaf(\`task-\${pad(t)}\`, i++));
  commands.push(defineCommand({ name: \`group-\${pad(g)}\`, description: \`Generated group \${g}.\`, commands: tasks }));
}
for (; i < n; i++) commands.push(leaf(\`step-\${pad(i)}\`, i));

export const program = defineProgram({ name: 'big', version: '1.0.0', description: 'A generated program.', commands });
if (process.argv[1] === import.meta.filename) await run(program);
`;

const writtenLeaf = (name, i, indent) => `${indent}defineCommand({
${indent}  name: '${name}',
${indent}  description: 'Run generated step ${i}. It exists to make the program large.',
${indent}  effects: '${i % 3 === 1 ? 'non_idempotent' : 'read_only'}',
${indent}  options: {
${indent}    target: { type: 'string', description: 'where the step runs', default: 'local' },
${indent}    count: { type: 'number', description: 'how many times to run it', integer: true, default: 1 },
${indent}  },
${indent}  load: () => import('./handler.mjs'),
${indent}}),`;

function written(n, burgee) {
  const lines = [
    `import { defineCommand, defineProgram, run } from ${JSON.stringify(burgee)};`,
    '',
    'const commands = [',
  ];
  let group;
  commandPaths(n).forEach((path, i) => {
    if (path.length === 2 && path[0] !== group) {
      if (group !== undefined) lines.push('    ],', '  }),');
      group = path[0];
      lines.push(
        `  defineCommand({`,
        `    name: '${group}',`,
        `    description: 'Generated group ${Number(group.slice(6))}.',`,
        '    commands: [',
      );
    }
    if (path.length === 1 && group !== undefined) {
      lines.push('    ],', '  }),');
      group = undefined;
    }
    lines.push(writtenLeaf(path.at(-1), i, path.length === 2 ? '      ' : '  '));
  });
  if (group !== undefined) lines.push('    ],', '  }),');
  lines.push(
    '];',
    '',
    "export const program = defineProgram({ name: 'big', version: '1.0.0', description: 'A generated program.', commands });",
    'if (process.argv[1] === import.meta.filename) await run(program);',
    '',
  );
  return lines.join('\n');
}

/** Writes `<dir>/cli.mjs` and its handler module; returns the path of cli.mjs. */
export function writeProgram(dir, n, { style = 'loop', burgee = 'burgee' } = {}) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'handler.mjs'), HANDLER);
  const file = join(dir, 'cli.mjs');
  writeFileSync(file, style === 'written' ? written(n, burgee) : LOOP(n, burgee));
  return file;
}
