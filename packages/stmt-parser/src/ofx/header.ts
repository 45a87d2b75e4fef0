import iconv from 'iconv-lite';
import { detectEncoding, isWideUnicodeName } from '../encoding';
import { looksLikeUtf8 } from '../utf8-check';

export { looksLikeUtf8 } from '../utf8-check';

export interface OfxHeader {
  /** `102`, `211`…: the OFX version the file declares. */
  version?: string;
  /** Encoding name for iconv-lite. */
  encoding: string;
}

/**
 * Reads the OFX header from the first bytes. OFX 1.x writes `KEY:VALUE` lines
 * (`ENCODING:USASCII`, `CHARSET:1252`); OFX 2.x an XML declaration and `<?OFX VERSION="211"?>`.
 * An explicit encoding option wins, then a byte-order mark, then what the file declares.
 */
export function readOfxHeader(head: Buffer, forcedEncoding?: string): OfxHeader {
  const detected = detectEncoding(head);
  // The header is ASCII, which latin1 reads in any 8-bit encoding or UTF-8; UTF-16 must be decoded first.
  const wide = isWideUnicodeName(forcedEncoding ?? detected.encoding);
  const text = wide ? iconv.decode(head, forcedEncoding ?? detected.encoding) : head.toString('latin1');
  const header: OfxHeader = { encoding: forcedEncoding ?? detected.encoding };
  const pi = /<\?OFX\b([^?]*)\?>/i.exec(text);
  if (pi) {
    const version = /VERSION\s*=\s*"(\d+)"/i.exec(pi[1] ?? '')?.[1];
    if (version) header.version = version;
    return header;
  }
  const fields = new Map<string, string>();
  for (const match of text.slice(0, Math.max(0, text.indexOf('<')) || text.length).matchAll(/^\s*([A-Z]+):(.*)$/gm)) {
    fields.set(match[1] ?? '', (match[2] ?? '').trim().toUpperCase());
  }
  const version = fields.get('VERSION');
  if (version) header.version = version;
  if (!forcedEncoding && detected.source !== 'bom' && detected.source !== 'pattern') {
    header.encoding = sgmlEncoding(fields.get('ENCODING'), fields.get('CHARSET'));
    // Many exporters write `ENCODING:USASCII` / `CHARSET:1252` over UTF-8 text. Multi-byte
    // sequences that are valid UTF-8 practically never occur in Windows-1252 text, so they win.
    if (header.encoding !== 'utf-8' && looksLikeUtf8(head)) header.encoding = 'utf-8';
  }
  return header;
}

/** OFX 1.x: ENCODING is USASCII or UTF-8; with USASCII, CHARSET names the 8-bit code page. */
function sgmlEncoding(encoding: string | undefined, charset: string | undefined): string {
  if (encoding === 'UTF-8' || encoding === 'UNICODE') return 'utf-8';
  if (charset === 'ISO-8859-1' || charset === '8859-1') return 'iso-8859-1';
  if (charset && /^\d{3,4}$/.test(charset)) return `windows-${charset}`;
  // USASCII with CHARSET:NONE: windows-1252 reads ASCII unchanged and keeps stray 8-bit bytes legible.
  return 'windows-1252';
}
