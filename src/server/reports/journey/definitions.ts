import { PLATFORM_CHANNEL } from "../../../shared/channels.ts";
import { addDays } from "../../../shared/reports/dates.ts";
import { VALUE_DAYS } from "../../warehouse/derived/journey/definitions.ts";
import { localDate } from "../../warehouse/time-zone.ts";

// The definitions the acquisition reports share (REPORT-DEFINITIONS §1–§2), one home each.

// The channels and the ad platform → channel mapping live in src/shared/channels.ts (the web needs them).
export { CHANNELS, PLATFORM_CHANNEL } from "../../../shared/channels.ts";

/** SQL: the platform column → its channel, for joining ad rows with sessions. */
export const platformChannelSql = (platform: string) =>
  `CASE ${platform} ${Object.entries(PLATFORM_CHANNEL)
    .map(([p, channel]) => `WHEN '${p}' THEN '${channel}'`)
    .join(" ")} END`;

/** SQL: whether a channel column names a paid channel (one whose clicks an ad platform pays for). */
export const paidChannelSql = (channel: string) =>
  `${channel} IN (${Object.values(PLATFORM_CHANNEL)
    .map((c) => `'${c}'`)
    .join(", ")})`;

/**
 * An ad statistics name as the join compares it with a session's utm field: lower case, trimmed
 * (REPORT-DEFINITIONS §1); the journey tables store the utm side this way already.
 */
export const joinName = (column: string) => `nullif(lower(trim(${column})), '')`;

/**
 * The last acquisition date whose 90 days are complete for every customer of that day: the whole day plus
 * 90 days lies before today. Spend on later days is compared with no value yet ("in rijping").
 */
export const maturedUpTo = (now: Date) => addDays(localDate(now), -(VALUE_DAYS + 1));
