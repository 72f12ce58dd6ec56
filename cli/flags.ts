/** Parses `--name value` and `--flag` options; the rest are positional. Unknown names are reported. */
export function parseFlags(
  args: string[],
  known: { values: string[]; switches: string[] },
): { positional: string[]; values: Record<string, string>; switches: Set<string>; error?: string } {
  const positional: string[] = [];
  const values: Record<string, string> = {};
  const switches = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [name, inline] = a.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (known.switches.includes(name)) switches.add(name);
    else if (known.values.includes(name)) {
      const v = inline ?? args[++i];
      if (v === undefined) return { positional, values, switches, error: `--${name} needs a value` };
      values[name] = v;
    } else return { positional, values, switches, error: `unknown option --${name}` };
  }
  return { positional, values, switches };
}

/** A positive number of seconds, or an error message. */
export function parseSeconds(text: string | undefined, name: string): number | undefined | { error: string } {
  if (text === undefined) return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : { error: `--${name} must be a positive number of seconds` };
}
