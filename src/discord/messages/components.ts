/** Plain component JSON (what Discord receives), so views stay pure and easy to test. */
import { ButtonStyle, ComponentType } from 'discord.js';
import type {
  APIActionRowComponent,
  APIButtonComponentWithCustomId,
  APISelectMenuOption,
  APIStringSelectComponent,
} from 'discord-api-types/v10';
import { CUSTOM_ID_MAX, encode, type ClickAction } from './codec.js';

export type Row =
  APIActionRowComponent<APIButtonComponentWithCustomId> | APIActionRowComponent<APIStringSelectComponent>;
export type Style = ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger;

/** Discord's limits: 5 rows of at most 5 buttons, labels of at most 80 characters; select menus of 25 options of 100. */
export const MAX_ROWS = 5;
export const MAX_PER_ROW = 5;
const LABEL_MAX = 80;
export const MAX_OPTIONS = 25;
const OPTION_TEXT_MAX = 100;

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function button(
  label: string,
  action: ClickAction,
  style: Style = ButtonStyle.Secondary,
  disabled = false,
): APIButtonComponentWithCustomId {
  const customId = encode(action);
  if (customId.length > CUSTOM_ID_MAX) throw new Error(`custom_id too long: ${customId}`);
  return {
    type: ComponentType.Button,
    style,
    label: cut(label, LABEL_MAX),
    custom_id: customId,
    disabled,
  };
}

export interface Option {
  readonly label: string;
  readonly value: string;
  readonly description?: string;
  readonly selected?: boolean;
}

/** A select menu alone in its row (Discord's rule), its options cut to Discord's limits. */
export function selectRow(placeholder: string, action: ClickAction, options: readonly Option[]): Row {
  const customId = encode(action);
  if (customId.length > CUSTOM_ID_MAX) throw new Error(`custom_id too long: ${customId}`);
  const menuOptions = options.slice(0, MAX_OPTIONS).map((o): APISelectMenuOption => ({
    label: cut(o.label, OPTION_TEXT_MAX),
    value: o.value,
    ...(o.description ? { description: cut(o.description, OPTION_TEXT_MAX) } : {}),
    ...(o.selected ? { default: true } : {}),
  }));
  const menu: APIStringSelectComponent = {
    type: ComponentType.StringSelect,
    custom_id: customId,
    placeholder: cut(placeholder, OPTION_TEXT_MAX),
    options: menuOptions,
  };
  return { type: ComponentType.ActionRow, components: [menu] };
}

export function row(...buttons: APIButtonComponentWithCustomId[]): Row {
  if (buttons.length === 0 || buttons.length > MAX_PER_ROW) throw new Error(`a row holds 1-${MAX_PER_ROW} buttons`);
  return { type: ComponentType.ActionRow, components: buttons };
}

/** Lays buttons out in as few rows as Discord allows. */
export function rows(buttons: readonly APIButtonComponentWithCustomId[]): Row[] {
  const out: Row[] = [];
  for (let i = 0; i < buttons.length; i += MAX_PER_ROW) out.push(row(...buttons.slice(i, i + MAX_PER_ROW)));
  if (out.length > MAX_ROWS) throw new Error('too many buttons for one message');
  return out;
}
