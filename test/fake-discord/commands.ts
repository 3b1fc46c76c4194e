/**
 * Validation of application command definitions as Discord applies it on
 * registration, so `npm run deploy` mistakes show up in tests, not in production.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  type APIApplicationCommand,
} from 'discord-api-types/v10';
import { invalidFormBody } from './errors.js';

type Def = Record<string, unknown>;

const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const NESTING = [ApplicationCommandOptionType.Subcommand, ApplicationCommandOptionType.SubcommandGroup] as number[];

function checkName(path: string, value: unknown, problems: string[]): void {
  if (typeof value !== 'string' || !NAME.test(value) || value !== value.toLowerCase()) {
    problems.push(`${path}.name: "${String(value)}" must be 1-32 lowercase letters, digits, - or _`);
  }
}

function checkDescription(path: string, value: unknown, problems: string[]): void {
  if (typeof value !== 'string' || value.length < 1 || value.length > 100)
    problems.push(`${path}.description: must be 1-100 characters`);
}

function checkOptions(path: string, options: unknown, depth: number, problems: string[]): void {
  if (options === undefined) return;
  if (!Array.isArray(options)) {
    problems.push(`${path}.options: must be a list`);
    return;
  }
  if (options.length > 25) problems.push(`${path}.options: ${options.length}, at most 25`);
  const names = new Set<string>();
  let sawOptional = false;
  options.forEach((raw: Def, i) => {
    const p = `${path}.options[${i}]`;
    checkName(p, raw.name, problems);
    checkDescription(p, raw.description, problems);
    if (names.has(String(raw.name))) problems.push(`${p}.name: "${String(raw.name)}" is used twice`);
    names.add(String(raw.name));
    const nested = NESTING.includes(raw.type as number);
    if (nested) {
      if (depth >= 2 || (depth === 1 && raw.type === ApplicationCommandOptionType.SubcommandGroup))
        problems.push(`${p}: subcommands nested too deep`);
      checkOptions(p, raw.options, depth + 1, problems);
      return;
    }
    if (raw.required === true && sawOptional) problems.push(`${p}: required options must come before optional ones`);
    if (raw.required !== true) sawOptional = true;
    if (Array.isArray(raw.choices) && raw.choices.length > 25)
      problems.push(`${p}.choices: ${raw.choices.length}, at most 25`);
  });
  const mixed =
    options.some((o: Def) => NESTING.includes(o.type as number)) &&
    options.some((o: Def) => !NESTING.includes(o.type as number));
  if (mixed) problems.push(`${path}.options: subcommands cannot be mixed with other options`);
}

/** Interaction context types (guild, bot DM, private channel) and installation contexts (guild, user). */
const CONTEXTS = [0, 1, 2];
const INTEGRATION_TYPES = [0, 1];

function checkEnumList(path: string, value: unknown, allowed: readonly number[], problems: string[]): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value) || value.length === 0 || value.some((v) => !allowed.includes(v as number)))
    problems.push(`${path}: must be a non-empty list of ${allowed.join(', ')}`);
}

export function validateCommands(body: unknown): Def[] {
  if (!Array.isArray(body)) throw invalidFormBody(['the body must be a list of commands']);
  const problems: string[] = [];
  if (body.length > 100) problems.push(`${body.length} commands, at most 100`);
  body.forEach((raw: Def, i) => {
    const path = `[${i}]`;
    if (raw === null || typeof raw !== 'object') {
      problems.push(`${path}: not a command`);
      return;
    }
    const chatInput = (raw.type ?? ApplicationCommandType.ChatInput) === ApplicationCommandType.ChatInput;
    if (chatInput) {
      checkName(path, raw.name, problems);
      checkDescription(path, raw.description, problems);
    }
    checkOptions(path, raw.options, 0, problems);
    checkEnumList(`${path}.contexts`, raw.contexts, CONTEXTS, problems);
    checkEnumList(`${path}.integration_types`, raw.integration_types, INTEGRATION_TYPES, problems);
  });
  if (problems.length > 0) throw invalidFormBody(problems);
  return body as Def[];
}

/** A definition as Discord stores it: ids, version, defaults filled in; an update keeps the command's id. */
export function storedCommand(
  world: { ids: { next(): string }; applicationId: string; guildId: string },
  def: Def,
  guild: boolean,
  old?: APIApplicationCommand,
): APIApplicationCommand {
  return {
    type: ApplicationCommandType.ChatInput,
    default_member_permissions: null,
    nsfw: false,
    ...def,
    id: old?.id ?? world.ids.next(),
    application_id: world.applicationId,
    version: world.ids.next(),
    ...(guild ? { guild_id: world.guildId } : {}),
  } as APIApplicationCommand;
}

/** PUT semantics: the list becomes exactly these commands; ones with a known name keep their id. */
export function replaceCommands(
  world: Parameters<typeof storedCommand>[0],
  list: APIApplicationCommand[],
  body: unknown,
  guild: boolean,
): void {
  const next = validateCommands(body).map((d) =>
    storedCommand(
      world,
      d,
      guild,
      list.find((c) => c.name === d.name && (c.type ?? 1) === ((d.type as number | undefined) ?? 1)),
    ),
  );
  list.splice(0, list.length, ...next);
}
