import { open, readdir } from 'node:fs/promises';
import { detectFormat, type StatementFormat } from '@stmt/parser';

/** Enough of a file for content sniffing to recognise every supported format. */
const HEAD_BYTES = 8192;

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The plain files of a folder (not recursive, hidden files left out), sorted by name. */
export async function listFolder(dir: string): Promise<string[]> {
  return (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

/** With `--from` every file is taken as that format; otherwise its first bytes must look like a statement. */
export async function isRecognisedStatement(path: string, format: StatementFormat | undefined): Promise<boolean> {
  return format !== undefined || detectFormat(await readHead(path)) !== undefined;
}
