/**
 * Application emojis (docs: resources/emoji, "Application-Owned Emoji" and the
 * List / Get / Create / Modify / Delete Application Emoji routes): up to 2000 an
 * application, images as data URIs of at most 256 KiB ("400 Bad Request and an error
 * message, but not a JSON status code"), names of 2-32 letters, digits and
 * underscores, unique within the application. Where the docs are silent the fake
 * answers as Discord is seen to: a name taken is 50035 with
 * APPLICATION_EMOJI_NAME_ALREADY_TAKEN under `name`.
 */
import type { APIEmoji } from 'discord-api-types/v10';
import { ApiError, fieldError, unknownEmoji } from './errors.js';
import type { Core } from './routes.js';
import type { Reply, RestServer, RouteContext } from './server.js';
import type { FakeEmoji, World } from './world.js';

export const MAX_APP_EMOJIS = 2000;
export const MAX_EMOJI_IMAGE_BYTES = 256 * 1024;
const NAME = /^[A-Za-z0-9_]{2,32}$/;
/** "Image data": `data:image/jpeg;base64,BASE64_ENCODED_JPEG_IMAGE_DATA`; emojis take JPEG, PNG, GIF, WebP and AVIF. */
const DATA_URI = /^data:(image\/(?:jpeg|png|gif|webp|avif));base64,([A-Za-z0-9+/]+={0,2})$/;

export function emojiApi(world: World, e: FakeEmoji): APIEmoji {
  return {
    id: e.id,
    name: e.name,
    roles: [],
    user: world.bot.api(),
    require_colons: true,
    managed: false,
    animated: e.contentType === 'image/gif',
    available: true,
  };
}

function checkName(world: World, name: unknown, except?: string): string {
  if (typeof name !== 'string') throw fieldError(['name'], 'BASE_TYPE_REQUIRED', 'This field is required');
  if (!NAME.test(name)) throw fieldError(['name'], 'STRING_TYPE_REGEX', 'String value did not match validation regex.');
  if ([...world.appEmojis.values()].some((e) => e.name === name && e.id !== except))
    throw fieldError(['name'], 'APPLICATION_EMOJI_NAME_ALREADY_TAKEN', 'Application emoji name already taken.');
  return name;
}

function checkImage(image: unknown): { bytes: Buffer; contentType: string } {
  if (typeof image !== 'string') throw fieldError(['image'], 'BASE_TYPE_REQUIRED', 'This field is required');
  const m = DATA_URI.exec(image);
  if (!m) throw fieldError(['image'], 'IMAGE_INVALID', 'Invalid image data');
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.length > MAX_EMOJI_IMAGE_BYTES)
    throw new ApiError(400, null, `Asset exceeds maximum size: ${MAX_EMOJI_IMAGE_BYTES}`);
  return { bytes, contentType: m[1]! };
}

export function installEmojiRoutes(server: RestServer, { world }: Core): void {
  const prefix = '/applications/:app/emojis';
  const check = ({ params }: RouteContext) => {
    if (params.app !== world.applicationId) throw new ApiError(403, 50001, 'Missing Access');
  };
  const find = (ctx: RouteContext): FakeEmoji => {
    check(ctx);
    const hit = world.appEmojis.get(ctx.params.emoji ?? '');
    if (!hit) throw unknownEmoji();
    return hit;
  };
  const ok = (body: unknown, status = 200): Reply => ({ status, body });
  server.route('GET', prefix, (ctx) => {
    check(ctx);
    return ok({ items: [...world.appEmojis.values()].map((e) => emojiApi(world, e)) });
  });
  server.route('POST', prefix, (ctx) => {
    check(ctx);
    const body = (ctx.body ?? {}) as { name?: unknown; image?: unknown };
    const name = checkName(world, body.name);
    const { bytes, contentType } = checkImage(body.image);
    if (world.appEmojis.size >= MAX_APP_EMOJIS)
      throw new ApiError(400, 30008, `Maximum number of emojis reached (${MAX_APP_EMOJIS})`);
    const emoji: FakeEmoji = { id: world.ids.next(), name, image: bytes, contentType };
    world.appEmojis.set(emoji.id, emoji);
    return ok(emojiApi(world, emoji), 201);
  });
  server.route('GET', `${prefix}/:emoji`, (ctx) => ok(emojiApi(world, find(ctx))));
  server.route('PATCH', `${prefix}/:emoji`, (ctx) => {
    const emoji = find(ctx);
    emoji.name = checkName(world, (ctx.body as { name?: unknown } | null)?.name, emoji.id);
    return ok(emojiApi(world, emoji));
  });
  server.route('DELETE', `${prefix}/:emoji`, (ctx) => {
    world.appEmojis.delete(find(ctx).id);
    return { status: 204 };
  });
}
