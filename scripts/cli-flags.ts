/**
 * The flags of the repository's commands (validate, gen:types, new:block), read one way: `--help` prints the
 * usage and exits 0; an unknown flag, a flag without its value or an unexpected argument is refused with
 * exit 2, naming it, so a mistyped flag never silently does nothing.
 */

/** Each flag ("--json") and whether it is a switch or takes a value ("--since <ref>"). */
export type FlagSpec = Record<string, 'switch' | 'value'>;

export interface ParsedFlags {
  flags: Map<string, string | true>;
  positionals: string[];
}

function refuse(command: string, what: string): never {
  console.error(`${command}: ${what}\nRun \`npm run ${command} -- --help\` to see what it accepts.`);
  process.exit(2);
}

export function parseFlags(command: string, usage: string, spec: FlagSpec, argv: string[], maxPositionals = 0): ParsedFlags {
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      console.log(usage);
      process.exit(0);
    }
    if (!arg.startsWith('-') || arg === '-') {
      if (positionals.length >= maxPositionals) refuse(command, maxPositionals === 0 ? `unexpected argument "${arg}": it takes flags only.` : `unexpected argument "${arg}".`);
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const kind = spec[name];
    if (!kind) refuse(command, `unknown flag "${name}".`);
    if (kind === 'switch') {
      if (inline !== undefined) refuse(command, `"${name}" takes no value (found "${arg}").`);
      flags.set(name, true);
      continue;
    }
    const value = inline ?? argv[i + 1];
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('-'))) refuse(command, `"${name}" needs a value.`);
    if (inline === undefined) i++;
    flags.set(name, value);
  }
  return { flags, positionals };
}
