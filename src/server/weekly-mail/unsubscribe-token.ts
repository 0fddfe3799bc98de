import type { Queryable } from "../db/database.ts";
import { optOutToken, verifyOptOutToken } from "../mail/opt-out-token.ts";

// The Monday e-mail's opt-out token (src/server/mail/opt-out-token.ts), bound to its own purpose.

const PURPOSE = "weekly-mail-unsubscribe";

export const unsubscribeToken = (db: Queryable, recipientId: number) => optOutToken(db, PURPOSE, recipientId);

/** The recipient id a token was made for, or null when it is not one of ours. */
export const verifyUnsubscribeToken = (db: Queryable, token: string) => verifyOptOutToken(db, PURPOSE, token);
