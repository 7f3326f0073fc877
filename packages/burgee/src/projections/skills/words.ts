/** The words `skills` takes after its name, read by the command and offered by the completion scripts. */
export const SKILLS_ACTIONS = ['print', 'add'] as const;

/** The flags of `skills add` that take a value (L4). */
export const SKILLS_ADD_VALUE_FLAGS = ['--agent', '--scope'] as const;

/** The switches of `skills add` (L4). */
export const SKILLS_ADD_SWITCHES = ['--all', '--dry-run'] as const;
