/**
 * A request's files and JSON sent as one multipart/form-data body, joined once.
 *
 * discord.js's REST hands files to undici as a FormData of Blobs: every upload is
 * copied into a Blob, read back out of it in chunks through a web stream, and written
 * piece by piece. With a picture or two after every move, the main thread held up to
 * 150 MB of those copies waiting for the garbage collector at 200 games, and spent
 * more CPU on them than on the request itself. Here the parts are joined into one
 * buffer and passed through as the body (the REST's `passThroughBody`), with the
 * fields discord.js sends: each file as `files[n]` (or its own key), then
 * `payload_json` (or the body's own fields when it asks for them, appendToFormData).
 */
import { randomBytes } from 'node:crypto';
import type { RawFile, RequestData } from 'discord.js';
import { filetypeinfo } from 'magic-bytes.js';

const CRLF = Buffer.from('\r\n');

/** The request with its files and body in one multipart body; a request without files as it is. */
export function inOneBody<R extends RequestData>(request: R): R {
  const { files } = request;
  if (!files?.length) return request;
  const boundary = `----kingdomino-${randomBytes(16).toString('hex')}`;
  const parts: Buffer[] = [];
  files.forEach((file, index) => {
    const data = fileBytes(file);
    const head = `name="${escaped(file.key ?? `files[${index}]`)}"; filename="${escaped(file.name)}"`;
    parts.push(partHead(boundary, head, file.contentType ?? sniffedType(data)), data, CRLF);
  });
  for (const [name, value] of fields(request)) {
    parts.push(partHead(boundary, `name="${escaped(name)}"`, null), Buffer.from(value), CRLF);
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    ...request,
    files: undefined,
    appendToFormData: undefined,
    body: Buffer.concat(parts),
    passThroughBody: true,
    headers: { ...request.headers, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  };
}

function partHead(boundary: string, disposition: string, type: string | null): Buffer {
  const contentType = type === null ? '' : `Content-Type: ${type}\r\n`;
  return Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${contentType}\r\n`);
}

/** The JSON fields: the body as `payload_json`, or each of its keys when the request asks for that. */
function fields(request: RequestData): [string, string][] {
  const { body } = request;
  if (body === undefined || body === null) return [];
  if (request.appendToFormData) return Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, String(v)]);
  return [['payload_json', JSON.stringify(body)]];
}

function fileBytes(file: RawFile): Buffer {
  const { data } = file;
  if (data instanceof Uint8Array) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(String(data));
}

/**
 * The file's type as discord.js finds it: from its first bytes, by the library it
 * uses (magic-bytes.js), with its one correction (an APNG is sent as a PNG); a file
 * of no known type goes untyped, as undici sends a Blob without one.
 */
function sniffedType(data: Buffer): string {
  const mime = filetypeinfo(data)[0]?.mime;
  if (mime === undefined) return 'application/octet-stream';
  return mime === 'image/apng' ? 'image/png' : mime;
}

/** A name inside quotes in a part's header, escaped as browsers and undici do. */
function escaped(name: string): string {
  return name.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
}
