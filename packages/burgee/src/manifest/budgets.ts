/** Default character budget of a full `--schema` document (S4). */
export const DEFAULT_SCHEMA_BUDGET = 48_000;

/**
 * Default character budget of the first `tools/list` (M2, N5), about 2,000 o200k tokens: a host puts
 * the list before the model on every turn. On the program of `npm run bench:tokens`, discovery cost
 * an agent less than the whole list on each measured task (bench/RESULTS.md, "Figures behind choices
 * in the source"). Past it a discovery tool stands in for the groups.
 */
export const DEFAULT_TOOL_BUDGET = 8000;
