// yargs 18 ships no types; the adapter reaches it through its own narrow `YargsInstance` type.
declare module 'yargs' {
  const yargs: (...args: unknown[]) => unknown;
  export default yargs;
}
