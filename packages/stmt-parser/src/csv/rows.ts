import Papa from 'papaparse';
import { Readable } from 'node:stream';
import { decodeChunks } from '../encoding';

/** One CSV record with the 1-based line it starts on. */
export interface CsvRecord {
  fields: string[];
  line: number;
}

/**
 * Streams CSV records through papaparse's Node stream mode, which applies backpressure, so
 * only a few rows are in memory at once. Lines are counted from the fields themselves: a
 * record spans one line plus the line breaks inside its quoted fields.
 */
export async function* readCsvRecords(source: AsyncIterable<Buffer>, encoding: string, delimiter: string): AsyncGenerator<CsvRecord> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, header: false, skipEmptyLines: false });
  const input = Readable.from(decodeChunks(source, encoding), { objectMode: false });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  let line = 1;
  for await (const fields of parser as AsyncIterable<string[]>) {
    const start = line;
    line += 1;
    for (const field of fields) {
      for (let i = field.indexOf('\n'); i >= 0; i = field.indexOf('\n', i + 1)) line++;
    }
    if (fields.length === 1 && fields[0] === '') continue; // blank line
    yield { fields, line: start };
  }
}
