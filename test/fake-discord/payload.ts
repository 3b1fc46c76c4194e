/**
 * Message payloads from the bot (create, edit, interaction replies): applied to a
 * FakeMessage the way Discord applies them, and validated against Discord's
 * limits so a bot that would be refused on Discord is refused here too.
 */
import { MessageFlags } from 'discord-api-types/v10';
import { invalidFormBody, fieldError, ApiError } from './errors.js';
import { makeAttachment, type FakeAttachment, type FakeMessage, type TopLevelComponent } from './model.js';

export interface UploadedFile {
  /** n in the multipart field name `files[n]`. */
  readonly index: number;
  readonly filename: string;
  readonly contentType: string | null;
  readonly bytes: Buffer;
}

/** The fields of a message create/edit body the fake understands. */
export interface MessageBody {
  content?: string | null;
  embeds?: unknown[] | null;
  components?: unknown[] | null;
  flags?: number | null;
  attachments?: Array<{ id: string | number; filename?: string; description?: string }> | null;
  allowed_mentions?: { parse?: string[]; users?: string[] } | null;
}

const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const SETTABLE_FLAGS =
  MessageFlags.Ephemeral |
  MessageFlags.SuppressEmbeds |
  MessageFlags.SuppressNotifications |
  MessageFlags.IsComponentsV2;

export function asMessageBody(body: unknown): MessageBody {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidFormBody(['the body must be a JSON object']);
  }
  return body as MessageBody;
}

/**
 * Attachments after the change: with an `attachments` list, exactly the kept ids
 * plus the new uploads; without one, the old ones plus the new uploads.
 */
function nextAttachments(
  current: readonly FakeAttachment[],
  body: MessageBody,
  files: readonly UploadedFile[],
  newId: () => string,
): FakeAttachment[] {
  const listed = body.attachments ?? null;
  const kept = listed === null ? [...current] : current.filter((a) => listed.some((l) => String(l.id) === a.id));
  const added = files.map((f) => {
    const entry = listed?.find((l) => String(l.id) === String(f.index));
    return makeAttachment(newId(), entry?.filename ?? f.filename, f.bytes, f.contentType, entry?.description ?? null);
  });
  return [...kept, ...added];
}

export function applyMessageBody(
  message: FakeMessage,
  body: MessageBody,
  files: readonly UploadedFile[],
  opts: { isEdit: boolean; newId: () => string; emojis?: ReadonlyMap<string, unknown> },
): void {
  if (files.some((f) => f.bytes.length > MAX_UPLOAD_BYTES)) throw new ApiError(413, 40005, 'Request entity too large');
  const draft = {
    content: body.content !== undefined ? (body.content ?? '') : message.content,
    embeds: body.embeds !== undefined ? ((body.embeds ?? []) as FakeMessage['embeds']) : message.embeds,
    components: body.components !== undefined ? ((body.components ?? []) as TopLevelComponent[]) : message.components,
    attachments:
      body.attachments !== undefined || files.length > 0
        ? nextAttachments(message.attachments, body, files, opts.newId)
        : message.attachments,
    flags: nextFlags(message.flags, body.flags, opts.isEdit),
  };
  const problems = validate(draft);
  if (problems.length > 0) throw invalidFormBody(problems);
  // Only the components sent: an edit that keeps a message's buttons does not send their emojis again.
  if (body.components !== undefined) checkComponentEmojis(draft.components, opts.emojis ?? new Map());
  if (isEmpty(draft) && !(draft.flags & MessageFlags.Loading))
    throw new ApiError(400, 50006, 'Cannot send an empty message');
  if (!opts.isEdit)
    message.pinged = pingedUsers(
      draft.content,
      (draft.flags & MessageFlags.Ephemeral) !== 0 ? null : body.allowed_mentions,
    );
  message.content = draft.content;
  message.embeds = draft.embeds;
  message.components = draft.components;
  message.attachments = draft.attachments;
  message.flags = draft.flags;
}

const USER_MENTION = /<@!?(\d{17,20})>/g;

/**
 * Who a new message notifies: the users mentioned in its content that
 * `allowed_mentions` lets through (all of them when it is absent). Edits never
 * notify; ephemeral messages (null here) neither.
 */
function pingedUsers(content: string, allowed: MessageBody['allowed_mentions'] | null): string[] {
  if (allowed === null) return [];
  const mentioned = [...new Set([...content.matchAll(USER_MENTION)].map((m) => m[1] as string))];
  if (allowed === undefined) return mentioned;
  if (allowed.parse?.includes('users') && allowed.users?.length)
    throw invalidFormBody(['allowed_mentions: parse "users" and a users list are mutually exclusive']);
  if (allowed.parse?.includes('users')) return mentioned;
  return mentioned.filter((id) => allowed.users?.includes(id));
}

function nextFlags(current: number, requested: number | null | undefined, isEdit: boolean): number {
  const withoutLoading = current & ~MessageFlags.Loading;
  if (requested === undefined || requested === null) return isEdit ? withoutLoading : current;
  if (isEdit) {
    // Ephemerality, Components V2 and @silent cannot be changed by an edit (only SUPPRESS_EMBEDS can).
    const fixed =
      withoutLoading & (MessageFlags.Ephemeral | MessageFlags.IsComponentsV2 | MessageFlags.SuppressNotifications);
    return fixed | (requested & MessageFlags.SuppressEmbeds) | (requested & MessageFlags.IsComponentsV2);
  }
  return current | (requested & SETTABLE_FLAGS);
}

function isEmpty(d: { content: string; embeds: unknown[]; components: unknown[]; attachments: unknown[] }): boolean {
  return d.content === '' && d.embeds.length === 0 && d.components.length === 0 && d.attachments.length === 0;
}

function validate(d: {
  content: string;
  embeds: unknown[];
  components: TopLevelComponent[];
  attachments: FakeAttachment[];
  flags: number;
}): string[] {
  const problems: string[] = [];
  const v2 = (d.flags & MessageFlags.IsComponentsV2) !== 0;
  if (d.content.length > 2000) problems.push(`content: ${d.content.length} characters, at most 2000`);
  if (v2 && (d.content !== '' || d.embeds.length > 0))
    problems.push('content and embeds cannot be used with IS_COMPONENTS_V2');
  if (d.embeds.length > 10) problems.push(`embeds: ${d.embeds.length}, at most 10`);
  if (d.attachments.length > 10) problems.push(`attachments: ${d.attachments.length}, at most 10`);
  if (!v2 && d.components.length > 5) problems.push(`components: ${d.components.length} rows, at most 5`);
  problems.push(...validateComponents(d.components, v2));
  return problems;
}

function validateComponents(components: readonly unknown[], v2: boolean): string[] {
  const problems: string[] = [];
  const customIds = new Set<string>();
  let total = 0;
  const visit = (node: unknown, path: string, inRow: boolean): void => {
    if (node === null || typeof node !== 'object') {
      problems.push(`${path}: not a component`);
      return;
    }
    const c = node as Record<string, unknown>;
    total += 1;
    if (typeof c.type !== 'number') problems.push(`${path}.type: missing`);
    if (c.type === 1) validateRow(c, path, problems);
    if (c.type === 2) validateButton(c, path, problems);
    if ([3, 5, 6, 7, 8].includes(c.type as number)) validateSelect(c, path, problems);
    if (!v2 && c.type !== 1 && !inRow)
      problems.push(`${path}: top-level components must be action rows without IS_COMPONENTS_V2`);
    if (typeof c.custom_id === 'string') {
      if (c.custom_id.length < 1 || c.custom_id.length > 100)
        problems.push(`${path}.custom_id: ${c.custom_id.length} characters, must be 1-100`);
      if (customIds.has(c.custom_id)) problems.push(`${path}.custom_id: "${c.custom_id}" is used twice in the message`);
      customIds.add(c.custom_id);
    }
    for (const key of ['components', 'accessory', 'component'] as const) {
      const child = c[key];
      if (Array.isArray(child)) child.forEach((x, i) => visit(x, `${path}.${key}[${i}]`, c.type === 1));
      else if (child !== undefined && key !== 'components') visit(child, `${path}.${key}`, true);
    }
  };
  components.forEach((c, i) => visit(c, `components[${i}]`, false));
  if (v2 && total > 40) problems.push(`components: ${total} in all, at most 40`);
  return problems;
}

function validateRow(row: Record<string, unknown>, path: string, problems: string[]): void {
  const children = Array.isArray(row.components) ? (row.components as Array<Record<string, unknown>>) : [];
  if (children.length === 0) problems.push(`${path}: an action row needs 1-5 components`);
  const buttons = children.filter((c) => c.type === 2).length;
  const selects = children.length - buttons;
  if (buttons > 5) problems.push(`${path}: ${buttons} buttons in a row, at most 5`);
  if (selects > 0 && children.length > 1) problems.push(`${path}: a select menu must be alone in its row`);
}

/**
 * A component's custom emoji (a button's `emoji`, a select option's) must be one the
 * app can use: here, one of its application emojis (the fake has no server emojis).
 * The docs say only "partial emoji: name, id, and animated"; Discord is seen to refuse
 * an unknown id with 50035 BUTTON_COMPONENT_INVALID_EMOJI under `emoji.id`, and so
 * does the fake. (Custom emojis in text are never refused: Discord shows an unknown
 * one as its `:name:`; tests look at the ids the text carries.)
 */
function checkComponentEmojis(components: readonly unknown[], emojis: ReadonlyMap<string, unknown>): void {
  const visit = (node: unknown, path: (string | number)[]): void => {
    if (node === null || typeof node !== 'object') return;
    const c = node as Record<string, unknown>;
    const emoji = c.emoji as { id?: unknown } | undefined;
    if (emoji && typeof emoji === 'object' && emoji.id !== undefined && emoji.id !== null) {
      if (typeof emoji.id !== 'string' || !emojis.has(emoji.id))
        throw fieldError([...path, 'emoji', 'id'], 'BUTTON_COMPONENT_INVALID_EMOJI', 'Invalid emoji');
    }
    for (const key of ['components', 'options'] as const) {
      const children = c[key];
      if (Array.isArray(children)) children.forEach((child, i) => visit(child, [...path, key, i]));
    }
    for (const key of ['accessory', 'component'] as const) if (c[key] !== undefined) visit(c[key], [...path, key]);
  };
  components.forEach((c, i) => visit(c, ['components', i]));
}

function validateButton(b: Record<string, unknown>, path: string, problems: string[]): void {
  const isLink = b.style === 5;
  const isPremium = b.style === 6;
  if (typeof b.label === 'string' && b.label.length > 80)
    problems.push(`${path}.label: ${b.label.length} characters, at most 80`);
  if (isLink && typeof b.url !== 'string') problems.push(`${path}: a link button needs a url`);
  if (!isLink && !isPremium && typeof b.custom_id !== 'string') problems.push(`${path}: a button needs a custom_id`);
  if (b.label === undefined && b.emoji === undefined && !isPremium)
    problems.push(`${path}: a button needs a label or an emoji`);
}

function validateSelect(s: Record<string, unknown>, path: string, problems: string[]): void {
  if (typeof s.custom_id !== 'string') problems.push(`${path}: a select menu needs a custom_id`);
  if (s.type === 3) {
    const options = Array.isArray(s.options) ? s.options : [];
    if (options.length < 1 || options.length > 25) problems.push(`${path}.options: ${options.length}, must be 1-25`);
  }
}
