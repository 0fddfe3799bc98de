import { ApiError } from "../http/errors.ts";

/** How each kind of row is named in messages: "Deze gebruiker", "Dit item". */
export const entityNames = {
  user: "Deze gebruiker",
  item: "Dit item",
  promotion: "Deze actie",
  site: "Deze vestiging",
  apiKey: "Deze API-sleutel",
  reportToken: "Dit API-token",
  experiment: "Dit experiment",
  alertRule: "Deze meldingsregel",
} as const;
export type EntityKind = keyof typeof entityNames;

export const notFound = (kind: EntityKind) =>
  new ApiError(404, "not_found", `${entityNames[kind]} bestaat niet (meer).`);

export const staleVersion = (kind: EntityKind) =>
  new ApiError(
    409,
    "stale_version",
    `${entityNames[kind]} is intussen door iemand anders gewijzigd. Laad de gegevens opnieuw en voer je wijziging nog eens in; er is niets opgeslagen.`,
  );

/** A value that must be unique is taken: 409, naming the field so the form can show it there. */
export const duplicate = (path: string, message: string) =>
  new ApiError(409, "duplicate", message, [{ path, message }]);
