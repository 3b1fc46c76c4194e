/** Plain component JSON (what Discord receives), so views stay pure and easy to test. */
import { ButtonStyle, ComponentType } from 'discord.js';
import type {
  APIActionRowComponent,
  APIButtonComponentWithCustomId,
  APISelectMenuOption,
  APIStringSelectComponent,
} from 'discord-api-types/v10';
import { encode, type ClickAction } from './codec.js';
import { cut, CUSTOM_ID_MAX, LABEL_MAX, MAX_OPTIONS, MAX_PER_ROW, MAX_ROWS, OPTION_TEXT_MAX } from '../wire/limits.js';

export type Row =
  APIActionRowComponent<APIButtonComponentWithCustomId> | APIActionRowComponent<APIStringSelectComponent>;
export type Style = ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger;

export function button(
  label: string,
  action: ClickAction,
  style: Style = ButtonStyle.Secondary,
  disabled = false,
  emoji: { readonly id: string; readonly name: string } | null = null,
): APIButtonComponentWithCustomId {
  const customId = encode(action);
  if (customId.length > CUSTOM_ID_MAX) throw new Error(`custom_id too long: ${customId}`);
  return {
    type: ComponentType.Button,
    style,
    label: cut(label, LABEL_MAX),
    custom_id: customId,
    disabled,
    ...(emoji ? { emoji: { id: emoji.id, name: emoji.name } } : {}),
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
