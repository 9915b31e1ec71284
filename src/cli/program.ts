import { Command } from 'commander';
import { dbOption } from './options.js';

/** Declares every command; each action imports its module lazily so `--help` stays fast. */
export function buildProgram(): Command {
  const program = new Command('survey-mcp')
    .description('Survey-data MCP server with OAuth 2.1, and a conformance kit for any deployment')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)');

  const users = program.command('users').description('manage platform accounts');
  users
    .command('add')
    .description('create an account (prints a generated password when --password is not given)')
    .requiredOption('--email <email>', 'sign-in email, unique')
    .requiredOption('--name <name>', 'display name')
    .option('--password <password>', 'at least 8 characters')
    .addOption(dbOption())
    .action(async (options) => (await import('./commands/users.js')).usersAdd(options));
  users
    .command('list')
    .description('list accounts')
    .option('--json', 'print JSON')
    .addOption(dbOption())
    .action(async (options) => (await import('./commands/users.js')).usersList(options));
  users
    .command('disable <email>')
    .description('disable an account: sign-in and every token of it stop working at once')
    .addOption(dbOption())
    .action(async (email, options) => (await import('./commands/users.js')).usersSetDisabled(email, true, options));
  users
    .command('enable <email>')
    .description('enable a disabled account')
    .addOption(dbOption())
    .action(async (email, options) => (await import('./commands/users.js')).usersSetDisabled(email, false, options));
  return program;
}
