/**
 * The live board in real Chromium (Debian's, driven by playwright-core), around it
 * a stand-in for Discord's client: a host page holding the Activity's frame, as
 * Discord's client does, and speaking the Embedded App SDK's postMessage protocol
 * to it (the handshake answered with READY, AUTHORIZE with a code from the fake
 * Discord, AUTHENTICATE with the user, SUBSCRIBE to events then sent with `dispatch`).
 * The page runs the real SDK: nothing of it is mocked inside the app.
 *
 *   const browser = await openBrowser();
 *   const alice = await openBoard(browser, { discord, port, user: 'alice', channelId });
 *   await alice.frame.locator('#status.mine').waitFor();
 */
import { chromium, type Browser, type CDPSession, type Frame, type Page } from 'playwright-core';
import type { FakeDiscord } from '../fake-discord/fake.js';

/** Debian's Chromium (.ci/run installs it); CHROMIUM_PATH elsewhere. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A phone held upright, as the issue asks the board to be looked at. */
export const PHONE = { width: 400, height: 860 } as const;

export function openBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** Where the host page is served: the app's own origin (the SDK accepts messages from it), a path the bot never serves. */
const HOST_PATH = '/__discord-client.html';

/** The host page: Discord's client as the SDK sees it, answering each command the page sends. */
function hostHtml(appUrl: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  html,body{margin:0;height:100%;background:#313338}iframe{border:0;width:100%;height:100%;display:block}
  </style></head><body><iframe id="app" src="${appUrl}" allow="autoplay"></iframe><script>
  const frame = document.getElementById('app');
  const reply = (payload) => frame.contentWindow.postMessage([1, payload], location.origin);
  // Events reach the app only once it subscribed to them, as Discord's client sends them.
  const subscribed = new Set();
  window.kdSubscribed = (evt) => subscribed.has(evt);
  window.kdDispatch = (evt, data) => {
    if (!subscribed.has(evt)) throw new Error('the app did not subscribe to ' + evt);
    reply({ cmd: 'DISPATCH', evt, nonce: null, data });
  };
  addEventListener('message', async (event) => {
    if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
    const [op, data] = event.data;
    if (op === 0) {
      const user = await window.kdUser();
      return reply({ cmd: 'DISPATCH', evt: 'READY', nonce: null, data: { v: 1, user,
        config: { cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production' } } });
    }
    if (op !== 1) return;
    const answer = (d) => reply({ cmd: data.cmd, evt: null, nonce: data.nonce, data: d });
    if (data.cmd === 'AUTHORIZE') return answer({ code: await window.kdAuthorize() });
    if (data.cmd === 'AUTHENTICATE') {
      const user = await window.kdUser();
      return answer({ access_token: data.args.access_token, user: { ...user, public_flags: 0 }, scopes: ['identify'],
        expires: new Date(Date.now() + 604800000).toISOString(),
        application: { id: data.args.client_id ?? '', name: 'Kingdomino', description: '' } });
    }
    if (data.cmd === 'SUBSCRIBE') {
      subscribed.add(data.evt);
      return answer({ evt: data.evt });
    }
    return answer({});
  });
  </script></body></html>`;
}

export interface Board {
  readonly page: Page;
  /** The Activity's frame: the app itself. */
  readonly frame: Frame;
  readonly userId: string;
}

export interface BoardOptions {
  readonly discord: FakeDiscord;
  /** The bot's ACTIVITY_PORT. */
  readonly port: number;
  readonly user: string;
  /** Where the Activity is launched. */
  readonly channelId: string;
  /** Run on the page's DevTools session just before it loads (a bench's CPU slowdown). */
  readonly beforeLoad?: (session: CDPSession) => Promise<void>;
}

/** `user` opens the board in a channel on their phone: the frame once the app is loaded. */
export async function openBoard(browser: Browser, opts: BoardOptions): Promise<Board> {
  const { discord } = opts;
  const user = discord.user(opts.user);
  const instance = discord.activity.join(opts.channelId, user.id);
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, locale: user.locale });
  const page = await context.newPage();
  await page.exposeFunction('kdAuthorize', () => discord.activity.authorize(user.id));
  await page.exposeFunction('kdUser', () => ({ id: user.id, username: user.username, discriminator: '0' }));
  const origin = `http://127.0.0.1:${opts.port}`;
  const query = new URLSearchParams({
    frame_id: `frame-${user.id}`,
    instance_id: instance,
    platform: 'mobile',
    channel_id: opts.channelId,
    guild_id: discord.guildId,
  });
  await page.route(`${origin}${HOST_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: hostHtml(`${origin}/?${query.toString()}`) }),
  );
  if (opts.beforeLoad) await opts.beforeLoad(await context.newCDPSession(page));
  await page.goto(`${origin}${HOST_PATH}`);
  const frame = await appFrame(page);
  return { page, frame, userId: user.id };
}

/** Discord's client tells the app an event (the SDK's DISPATCH), once the app subscribed to it. */
export async function dispatch(board: Board, evt: string, data: Readonly<Record<string, unknown>>): Promise<void> {
  const name = JSON.stringify(evt);
  await board.page.waitForFunction(`window.kdSubscribed(${name})`);
  await board.page.evaluate(`window.kdDispatch(${name}, ${JSON.stringify(data)})`);
}

/** The app's frame of a host page (after a load or a reload). */
export async function appFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('#app').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('the Activity frame did not load');
  return frame;
}
