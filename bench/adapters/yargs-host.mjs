// The benchmark's yargs program. yargs-burgee.mjs is this file with one import changed;
// bench/adapters.mjs refuses to run when the two differ anywhere else.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';

yargs(hideBin(process.argv))
  .scriptName('ship')
  .version('1.0.0')
  .command(
    'deploy <target>',
    'Deploy a build',
    (y) => y.option('region', { alias: 'r', type: 'string', default: 'eu' }).option('dry-run', { type: 'boolean' }),
    (argv) => console.log(`deploying ${argv.target} to ${argv.region}`),
  )
  .command('status', 'Show the status', {}, () => console.log('up'))
  .parse();
