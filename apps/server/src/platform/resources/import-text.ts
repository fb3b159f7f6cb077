import { texts } from '@igs/contract';
import type { ImportReply } from '@igs/contract/calls';
import { TEXT_ENCODINGS } from '@igs/contract/resources';
import { invalidField } from '../http/errors.ts';
import {
  type DecodedText,
  type DecodedXml,
  decodeText,
  decodeXml,
  MAX_UNPACKED_BYTES,
  TextDecodeError,
  type TextEncoding,
} from '../lib/text-decode.ts';

/**
 * The file's text through the one text-reading path (gzip, BOM, UTF-8, a guess, or the caller's
 * word); a file that cannot be unpacked is refused with a 422 naming the file.
 */
export function textOf(data: Buffer, encoding?: TextEncoding): DecodedText {
  try {
    return decodeText(data, encoding);
  } catch (e) {
    if (!(e instanceof TextDecodeError)) throw e;
    throw invalidField(
      'file',
      e.reason === 'gzipTooLarge'
        ? texts('resources.importGzipTooLarge', { mb: MAX_UNPACKED_BYTES / 1024 / 1024 })
        : texts('resources.importGzipBroken'),
    );
  }
}

/**
 * An uploaded file as a module format (a hosts file, a vCard, a guide) reads it: its bytes, and
 * its text in the encoding the operator chose in the import dialog or the one detected. Reading
 * the text records how it was read, so the import's reply says it as it does for a CSV.
 */
export class ImportFile {
  readonly data: Buffer;
  readonly encoding: TextEncoding | undefined;
  #decoded: DecodedText | DecodedXml | undefined;

  constructor(data: Buffer, encoding?: TextEncoding) {
    this.data = data;
    this.encoding = encoding;
  }

  text(): string {
    this.#decoded ??= textOf(this.data, this.encoding);
    return this.#decoded.text;
  }

  /**
   * The text of an XML file: its byte-order mark or declared `encoding` decides, unless the
   * operator named one. Undecodable files throw TextDecodeError for the format to word.
   */
  xml(): string {
    this.#decoded ??= decodeXml(this.data, this.encoding);
    return this.#decoded.text;
  }

  /** How the text was read, once it was (a format that reads bytes only says nothing). */
  readAs(): ImportReply['encoding'] | undefined {
    const d = this.#decoded;
    const name = TEXT_ENCODINGS.find((e) => e === d?.encoding);
    // An XML file may declare an encoding the import dialog does not offer (KOI8-R): unsaid.
    return d && name ? { name, by: d.by, gzip: d.gzip } : undefined;
  }
}
