/**
 * The rules `burgee check` applies (X2): the one table their ids, severities and documentation
 * come from. The definition checks read the ids (a declaration may silence only a rule that
 * exists); the checker reads the rest. Each id is a heading of docs/check.md, with an example
 * finding and its fix. To add a rule, add a row here and its function in check/.
 */
export const CHECK_RULES = [
  { id: 'missing-description', severity: 'error', finds: 'a runnable command without a description' },
  { id: 'missing-example', severity: 'warning', finds: 'a runnable command without an example' },
  { id: 'example-refused', severity: 'error', finds: 'an example that the parser refuses' },
  { id: 'example-elsewhere', severity: 'warning', finds: 'an example that runs another command' },
  { id: 'missing-option-description', severity: 'warning', finds: 'an option without a description' },
  { id: 'missing-argument-description', severity: 'warning', finds: 'an argument without a description' },
  { id: 'missing-group-description', severity: 'warning', finds: 'a group of commands without a description' },
  { id: 'missing-program-description', severity: 'warning', finds: 'a program without a description' },
  { id: 'effects-contradict-name', severity: 'warning', finds: 'a destructive name declared read_only or idempotent' },
  { id: 'undeclared-effects', severity: 'warning', finds: 'a commander or yargs command without effects' },
  { id: 'tool-name-invalid', severity: 'error', finds: "a tool name outside MCP's rule" },
  { id: 'tool-name-collision', severity: 'error', finds: 'two commands that map to one tool name' },
  { id: 'schema-over-budget', severity: 'warning', finds: '--schema summarised at the default budget' },
  { id: 'skill-over-size', severity: 'warning', finds: 'a file of the skill over its size' },
  { id: 'llms-over-budget', severity: 'warning', finds: '--llms shortened at the schema budget' },
  { id: 'tools-over-budget', severity: 'warning', finds: 'a tool list or discovery answer over the tool budget' },
  { id: 'secret-default', severity: 'error', finds: 'a secret option with a default' },
  { id: 'secret-without-env', severity: 'error', finds: 'a secret option that only a flag can give' },
  { id: 'prompt-without-default', severity: 'warning', finds: 'a read_only command that prompts with no default' },
  { id: 'unused-ignore', severity: 'warning', finds: 'a check.ignore entry that silences nothing' },
] as const satisfies readonly CheckRule[];

/** One row of `CHECK_RULES`. */
export type CheckRule = {
  /** Stable, kebab-case: what `check.ignore` names and the anchor of its section in docs/check.md. */
  readonly id: string;
  /** An error fails `burgee check` (exit 1); a warning fails it only with `--strict`. */
  readonly severity: 'error' | 'warning';
  /** What it finds, in a few words (help and the docs' table). */
  readonly finds: string;
};

/** The id of a rule `burgee check` knows. */
export type CheckRuleId = (typeof CHECK_RULES)[number]['id'];

/** Every rule id, in the table's order. */
export const CHECK_RULE_IDS: readonly CheckRuleId[] = CHECK_RULES.map((rule) => rule.id);

/** True when `value` names a rule of the table. */
export const isCheckRuleId = (value: unknown): value is CheckRuleId =>
  typeof value === 'string' && (CHECK_RULE_IDS as readonly string[]).includes(value);

/** Where a rule is documented, relative to the docs folder. */
export const ruleDoc = (id: CheckRuleId): string => `check.md#${id}`;
