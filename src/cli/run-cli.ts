export function runCli(args: string[]): Promise<void> {
  process.stdout.write(`${args.join(' ')}\n`);
  return Promise.resolve();
}
