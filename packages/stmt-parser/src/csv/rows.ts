import { decodeChunks } from '../encoding';
import { CsvTokenizer, type CsvRecord } from './tokenizer';

export type { CsvRecord } from './tokenizer';

/**
 * Streams CSV records: bytes are decoded and tokenized chunk by chunk, so memory holds one
 * chunk and one record. `tokenizer` is created by the caller, which names its columns once
 * the header is read and can look at its work counter.
 */
export async function* readCsvRecords(source: AsyncIterable<Buffer>, encoding: string, tokenizer: CsvTokenizer): AsyncGenerator<CsvRecord> {
  for await (const text of decodeChunks(source, encoding)) {
    for (const record of tokenizer.write(text)) {
      if (record.fields.length === 1 && record.fields[0] === '') continue; // blank line
      yield record;
    }
  }
  for (const record of tokenizer.end()) {
    if (record.fields.length === 1 && record.fields[0] === '') continue;
    yield record;
  }
}
