// The command-line options of a benchmark: `--name value` pairs after `npm run bench:x --`.
const argv = process.argv.slice(2);

/** The value given after `--name`, if any. */
export function option(name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** Whether the bare flag `--name` was given. */
export const flag = (name: string): boolean => argv.includes(name);
