import { decodeChunks, type LooksLikeUtf8, type NotUtf8Fallback } from '../encoding';
import { textSlices } from '../read-slices';
import { locateEncodingError } from '../utf8-check';
import type { CsvRecord, CsvTokenizer } from './tokenizer';

export type { CsvRecord } from './tokenizer';

/**
 * Streams CSV records: bytes are decoded and tokenized chunk by chunk, so memory holds one
 * chunk and one record. `tokenizer` is created by the caller, which names its columns once
 * the header is read and can look at its work counter.
 */
export async function* readCsvRecords(
  source: AsyncIterable<Buffer>,
  encoding: string,
  tokenizer: CsvTokenizer,
  onLooksLikeUtf8?: LooksLikeUtf8,
  onNotUtf8?: NotUtf8Fallback,
): AsyncGenerator<CsvRecord> {
  const texts = decodeChunks(source, encoding, onLooksLikeUtf8, onNotUtf8)[Symbol.asyncIterator]();
  try {
    yield* records(texts, tokenizer);
  } finally {
    await texts.return?.(); // closes the file when the reader stops early
  }
}

async function* records(texts: AsyncIterator<string>, tokenizer: CsvTokenizer): AsyncGenerator<CsvRecord> {
  let blank = false;
  const kept = (record: CsvRecord): CsvRecord | undefined => {
    if (record.fields.length === 1 && record.fields[0] === '') {
      blank = true;
      return undefined;
    }
    if (blank) record.afterBlank = true;
    blank = false;
    return record;
  };
  for (;;) {
    let next: IteratorResult<string>;
    try {
      next = await texts.next();
    } catch (error) {
      throw locateEncodingError(error, () => tokenizer.position);
    }
    if (next.done) break;
    for (const slice of textSlices(next.value))
      for (const record of tokenizer.write(slice)) {
        const row = kept(record);
        if (row) yield row;
      }
  }
  for (const record of tokenizer.end()) {
    const row = kept(record);
    if (row) yield row;
  }
}
