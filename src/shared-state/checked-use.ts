import type { TokenUse } from '../scenario/compile/scenario-set';
import { readJunkRow, type StreamJunk } from './stream-junk';

/** The latest time a Date holds, in epoch milliseconds: a first use past it is not a time. */
const MAX_TIME_MS = 8.64e15;

/**
 * Lua for the token-state scripts: whether a hash value is a whole number of at most `digits`
 * digits (no sign, no fraction, no `0x`: Lua's tonumber would take those).
 */
export const LUA_WHOLE = `
local function whole(s, digits)
  return type(s) == 'string' and #s <= digits and string.match(s, '^%d+$') ~= nil
end
`;

/** What the touch and peek scripts answer: the use, and what the state held when it was junk and started afresh. */
export interface CheckedUse {
  readonly use: TokenUse;
  /** The use count and first-use time the state held instead of numbers (`"-5 1700000000000"`); null when they were good. */
  readonly junk: string | null;
  /** What the group's clock key held instead of an offset (scenario time counted none); null when it was one, or none. */
  readonly clockJunk: StreamJunk | null;
}

/**
 * A script's answer `[uses, firstUseAt, now, limitedForMs, junk, clockJunk]` as a use, or what is
 * wrong with it. A request over a rate limit (limitedForMs a number) is not a use: its count may be 0.
 */
export function readScriptUse(reply: unknown): CheckedUse | string {
  if (!Array.isArray(reply) || reply.length < 3) return 'the script answered something other than a use';
  const [uses, firstUseAt, now, limitedForMs, junk, clockJunk] = reply as unknown[];
  const limited = limitedForMs !== null && limitedForMs !== undefined;
  if (limited && !(isWhole(limitedForMs) && limitedForMs >= 0))
    return `the rate limit's wait ${shown(limitedForMs)} is not a whole number from 0`;
  if (!isWhole(uses) || uses < (limited ? 0 : 1))
    return `the use count ${shown(uses)} is not a whole number from ${limited ? 0 : 1}`;
  if (!isTime(firstUseAt)) return `the first use ${shown(firstUseAt)} is not a time`;
  if (!isTime(now)) return `now (${shown(now)}) is not a time`;
  const use = limited ? { uses, firstUseAt, now, limitedForMs } : { uses, firstUseAt, now };
  return { use, junk: typeof junk === 'string' ? junk : null, clockJunk: readJunkRow(clockJunk) };
}

/** A use count and first-use time read from the states hash as numbers, or null when either is junk. */
export function readStoredState(
  uses: string | null,
  firstUseAt: string | null,
): { uses: number; firstUseAt: number } | null {
  const u = uses !== null && /^\d{1,15}$/.test(uses) ? Number(uses) : NaN;
  const t = firstUseAt !== null && /^\d{1,16}$/.test(firstUseAt) ? Number(firstUseAt) : NaN;
  return Number.isFinite(u) && isTime(t) ? { uses: u, firstUseAt: t } : null;
}

function isWhole(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function isTime(value: unknown): value is number {
  return isWhole(value) && value >= 0 && value <= MAX_TIME_MS;
}

/** A script's answer item as a message shows it. */
function shown(value: unknown): string {
  return JSON.stringify(value) ?? 'nothing';
}
