import type { Translate } from '../game/phrase';

/**
 * A recorded bot seat (`{ bot: id }`) as people read it. The server names its bots `bot-<level>` (games/bots.ts,
 * botIdFor): that is "Bot, level 3"; any other id (an imported game's engine) is shown as it is, "Bot gnu-5".
 */
export function botSeatName(t: Translate, id: string): string {
  const level = /^bot-(\d{1,2})$/.exec(id)?.[1];
  return level !== undefined ? t('common:user.bot', { level: Number(level) }) : t('common:user.botNamed', { name: id });
}
