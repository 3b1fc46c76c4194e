/**
 * /kingdomino notify: a player turns direct messages about their turns on or off, and
 * sets their quiet hours (in their own time zone, which Discord does not give) and the
 * on-deck heads-up (answered privately). Their running games' seats get a copy
 * (table/quiet.ts): the games' clocks depend on it.
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import { localeFor, t, type Locale } from '../../i18n/index.js';
import { parseZone, type QuietHours } from '../../table/index.js';
import type { NotifyPrefs } from '../../store/index.js';
import type { Bot } from '../bot.js';
import { answer, privately, type Answer } from '../wire/answer.js';
import { copyNotifyToGames } from '../services/notify.js';

/** What the command was given; null: left as it was. */
export interface NotifyOptions {
  readonly directMessages: boolean;
  readonly quietFrom: number | null;
  readonly quietTo: number | null;
  readonly timeZone: string | null;
  readonly onDeck: boolean | null;
}

type Quiet =
  { readonly ok: true; readonly quiet: QuietHours | undefined } | { readonly ok: false; readonly why: string };

/** The quiet hours asked for (from = to: none), the ones kept, or why they cannot be. */
function quietAsked(options: NotifyOptions, kept: QuietHours | undefined, locale: Locale): Quiet {
  const { quietFrom: from, quietTo: to, timeZone } = options;
  const zoneText = timeZone ?? kept?.zone ?? null;
  const zone = zoneText === null ? null : parseZone(zoneText);
  if (timeZone !== null && zone === null) return { ok: false, why: t('notify.badZone', { zone: timeZone }, locale) };
  if (from === null && to === null) return { ok: true, quiet: kept && zone ? { ...kept, zone } : kept };
  const hours = { from: from ?? kept?.from ?? 0, to: to ?? kept?.to ?? 0 };
  if (hours.from === hours.to) return { ok: true, quiet: undefined };
  if (zone === null) return { ok: false, why: t('notify.needZone', {}, locale) };
  return { ok: true, quiet: { ...hours, zone } };
}

/** What the player is told: DMs on or off, then their quiet hours and on-deck as they are now. */
function answerText(prefs: NotifyPrefs, locale: Locale): string {
  const lines = [t(prefs.directMessages ? 'notify.on' : 'notify.off', {}, locale)];
  if (prefs.quiet) lines.push(t('notify.quiet', { ...prefs.quiet }, locale));
  if (prefs.onDeck) lines.push(t('notify.onDeck', {}, locale));
  return lines.join('\n');
}

/** Turning DMs on again also forgets that Discord refused one: the user may have changed their settings. */
export function notifyCommand(
  bot: Bot,
  interaction: ChatInputCommandInteraction,
  options: NotifyOptions,
): Promise<void> {
  return answer(interaction, 'private', async (): Promise<Answer> => {
    const userId = interaction.user.id;
    const locale = localeFor(interaction.locale);
    const before = await bot.store.notifyPrefs(userId);
    const quiet = quietAsked(options, before.quiet, locale);
    if (!quiet.ok) return privately(quiet.why);
    const onDeck = options.onDeck ?? before.onDeck ?? false;
    const prefs: NotifyPrefs = {
      directMessages: options.directMessages,
      refused: false,
      ...(quiet.quiet ? { quiet: quiet.quiet } : {}),
      ...(onDeck ? { onDeck } : {}),
    };
    await bot.store.setNotifyPrefs(userId, prefs);
    const games = await copyNotifyToGames(bot, userId, prefs);
    bot.log.info('notifications set', {
      user: userId,
      direct_messages: options.directMessages,
      quiet: quiet.quiet ? `${quiet.quiet.from}-${quiet.quiet.to} ${quiet.quiet.zone}` : undefined,
      on_deck: onDeck,
      games,
    });
    return privately(answerText(prefs, locale));
  });
}
