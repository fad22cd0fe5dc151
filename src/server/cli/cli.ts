/** A command-line failure the person running it can act on: printed as one line, exit code 1, no stack trace. */
export class CliError extends Error {}

export function fail(message: string): never {
  throw new CliError(message);
}

export async function run(main: () => Promise<void>): Promise<void> {
  try {
    await main();
    process.exit(0);
  } catch (error) {
    console.error(
      error instanceof Error && !(error instanceof CliError) ? `Failed: ${error.message}` : (error as Error).message,
    );
    process.exit(1);
  }
}
