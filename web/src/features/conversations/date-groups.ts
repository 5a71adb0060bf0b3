import type { Conversation } from '@parley/core';

export type DateGroup = 'today' | 'yesterday' | 'week' | 'month' | 'older';

const DAY = 24 * 60 * 60 * 1000;

/** Which heading a conversation falls under, by its creation day in the viewer's time zone. */
export function dateGroup(createdAt: string, now = new Date()): DateGroup {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const time = Date.parse(createdAt);
  if (time >= startOfToday) return 'today';
  if (time >= startOfToday - DAY) return 'yesterday';
  if (time >= startOfToday - 7 * DAY) return 'week';
  if (time >= startOfToday - 30 * DAY) return 'month';
  return 'older';
}

/** Adjacent runs of one group, in list order (the list is sorted newest first). */
export function groupByDate(conversations: readonly Conversation[], now = new Date()) {
  const groups: { group: DateGroup; items: { conversation: Conversation; index: number }[] }[] = [];
  conversations.forEach((conversation, index) => {
    const group = dateGroup(conversation.createdAt, now);
    const lastGroup = groups.at(-1);
    if (lastGroup?.group === group) lastGroup.items.push({ conversation, index });
    else groups.push({ group, items: [{ conversation, index }] });
  });
  return groups;
}
