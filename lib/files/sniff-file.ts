import 'server-only';
import fs from 'node:fs';
import { createContentSniffer, type SniffedContent } from './document-types';

/**
 * The size and type of a file on this machine (an upload waiting in the staging folder), read in pieces
 * through the same sniffer the upload form runs on the bytes it holds: the file is never held whole.
 */
export async function sniffFile(file: string): Promise<SniffedContent> {
  const sniffer = createContentSniffer();
  for await (const chunk of fs.createReadStream(file)) sniffer.push(chunk as Buffer);
  return sniffer.result();
}
