// The benchmark's commander program. commander-burgee.mjs is this file with one import changed;
// bench/adapters.mjs refuses to run when the two differ anywhere else.
import { Command } from 'burgee/commander';

const program = new Command('ship').version('1.0.0');
program
  .command('deploy')
  .description('Deploy a build')
  .argument('<target>', 'where to deploy')
  .option('-r, --region <region>', 'region to deploy in', 'eu')
  .option('--dry-run', 'only plan')
  .action((target, options) => {
    console.log(`deploying ${target} to ${options.region}`);
  });
program
  .command('status')
  .description('Show the status')
  .action(() => console.log('up'));
program.parse();
