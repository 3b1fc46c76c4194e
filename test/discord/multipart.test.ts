import { REST, type RequestData } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { inOneBody } from '../../src/discord/wire/multipart.js';
import { renderTable } from '../../src/render/index.js';
import { newGame, play } from '../render/games.js';

type Entry = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

/** The form as a server reads it (as the fake Discord does). */
async function readForm(body: Buffer | ArrayBuffer, contentType: string): Promise<Entry[]> {
  const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  const entries: Entry[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') entries.push({ name, value });
    else entries.push({ name, filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return entries;
}

/** The form discord.js itself would send for the request (its FormData of Blobs). */
async function discordJsForm(request: RequestData): Promise<Entry[]> {
  const rest = new REST().setToken('t');
  const resolve = (rest as unknown as { resolveRequest(r: object): Promise<{ fetchOptions: { body: FormData } }> })
    .resolveRequest;
  const { fetchOptions } = await resolve.call(rest, { ...request, fullRoute: '/channels/1/messages', method: 'POST' });
  const encoded = new Response(fetchOptions.body);
  return readForm(await encoded.arrayBuffer(), encoded.headers.get('content-type')!);
}

async function oneBodyForm(request: RequestData): Promise<Entry[]> {
  const sent = inOneBody(request);
  expect(sent.files).toBeUndefined();
  expect(sent.passThroughBody).toBe(true);
  return readForm(sent.body as Buffer, sent.headers!['Content-Type']!);
}

describe('uploads as one multipart body', () => {
  it('send the form discord.js sends: the picture typed, named and whole, then the message', async () => {
    const png = await renderTable(play(newGame('4p', 'multipart'), 10));
    const request: RequestData = {
      files: [
        { name: 'table.png', data: png },
        { name: 'record "é".json', data: Buffer.from('{"a":1}') },
      ],
      body: { content: 'Round 2 — à vous', attachments: [{ id: 0, description: 'The table' }] },
    };
    const ours = await oneBodyForm(request);
    expect(ours).toEqual(await discordJsForm(request));
    expect(ours[0]).toMatchObject({ name: 'files[0]', filename: 'table.png', type: 'image/png' });
    expect((ours[0] as { bytes: Buffer }).bytes.equals(png)).toBe(true);
    expect(JSON.parse((ours[2] as { value: string }).value)).toEqual(request.body);
  });

  it('keep a file key and the body fields of a request that asks for them', async () => {
    const request: RequestData = {
      files: [{ key: 'file', name: 'sticker.png', data: new Uint8Array([1, 2, 3]), contentType: 'image/png' }],
      body: { name: 'crown', tags: 'king' },
      appendToFormData: true,
    };
    expect(await oneBodyForm(request)).toEqual(await discordJsForm(request));
  });

  it('leave a request without files as it is', () => {
    const request: RequestData = { body: { content: 'hi' } };
    expect(inOneBody(request)).toBe(request);
    expect(inOneBody({ ...request, files: [] })).toEqual({ ...request, files: [] });
  });
});
