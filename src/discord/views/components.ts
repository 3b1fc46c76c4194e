/** Plain component JSON (what Discord receives), so views stay pure and easy to test. */
import { ButtonStyle, ComponentType } from 'discord.js';
import type { APIActionRowComponent, APIButtonComponentWithCustomId } from 'discord-api-types/v10';
import { CUSTOM_ID_MAX, encode, type ClickAction } from '../codec.js';

export type Row = APIActionRowComponent<APIButtonComponentWithCustomId>;
export type Style = ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger;

/** Discord's limits: 5 rows of at most 5 buttons, labels of at most 80 characters. */
export const MAX_ROWS = 5;
export const MAX_PER_ROW = 5;
const LABEL_MAX = 80;

export function button(label: string, action: ClickAction, style: Style = ButtonStyle.Secondary, disabled = false): APIButtonComponentWithCustomId {
  const customId = encode(action);
  if (customId.length > CUSTOM_ID_MAX) throw new Error(`custom_id too long: ${customId}`);
  return {
    type: ComponentType.Button,
    style,
    label: label.length > LABEL_MAX ? `${label.slice(0, LABEL_MAX - 1)}…` : label,
    custom_id: customId,
    disabled,
  };
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
