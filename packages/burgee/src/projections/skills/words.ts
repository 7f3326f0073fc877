/** The words `skills` takes after its name, read by the command and offered by the completion scripts. */
export const SKILLS_ACTIONS = ['print'] as const;
