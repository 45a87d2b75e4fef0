import { createInterface } from 'node:readline/promises';

/** True when a person can answer: both standard input and standard error are terminals. */
export function canAsk(): boolean {
  return process.stdin.isTTY === true && process.stderr.isTTY === true;
}

/** Asks a yes/no question on stderr (stdout may carry the CSV); anything but y/yes is no. */
export async function confirm(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await prompt.question(`${question} [y/N] `);
    return /^\s*y(es)?\s*$/i.test(answer);
  } finally {
    prompt.close();
  }
}
