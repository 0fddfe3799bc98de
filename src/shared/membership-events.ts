import {
  cents,
  codeSchema,
  instantSchema,
  plateTextSchema,
  visibleIdSchema,
  voucherCodeSchema,
} from "./ingest";
import { parsePlate } from "./plates";
import { singleLine, z } from "./zod-nl";

// The membership events the till system sends to POST /api/ingest/memberships (REPORT-DEFINITIONS §5).
// Events are facts and are stored as they come, in whatever order; working out a member's state from them
// is the reports' business.

/** Most events one batch may hold (§5); the byte limit is the other ingest endpoints' MAX_BATCH_BYTES. */
export const MAX_MEMBERSHIP_BATCH_ROWS = 5_000;

export const membershipEventTypes = [
  "signup",
  "charge",
  "decline",
  "cancel",
  "pause",
  "resume",
  "plan_change",
  "plate_change",
] as const;
export type MembershipEventType = (typeof membershipEventTypes)[number];

/** The most plates one membership covers. */
export const MAX_MEMBERSHIP_PLATES = 3;

// The fields that only some types carry: which types must have each, and which may.
interface FieldRule {
  required: readonly MembershipEventType[];
  optional: readonly MembershipEventType[];
}
const TYPED_FIELDS = {
  plan: { required: ["signup", "plan_change"], optional: [] },
  plates: { required: ["signup", "plate_change"], optional: [] },
  amountCents: { required: ["charge"], optional: [] },
  initiatedBy: { required: ["cancel"], optional: [] },
  reason: { required: [], optional: ["cancel", "decline"] },
  channel: { required: [], optional: ["signup"] },
  voucherCode: { required: [], optional: ["signup"] },
} satisfies Record<string, FieldRule>;
type TypedField = keyof typeof TYPED_FIELDS;

const ruleOf = (field: TypedField): FieldRule => TYPED_FIELDS[field];
const typesOf = (field: TypedField): MembershipEventType[] => [
  ...ruleOf(field).required,
  ...ruleOf(field).optional,
];

/** The types a field belongs to, listed: "signup en plan_change" (`and` = "en") or "signup and plan_change". */
const listed = (field: TypedField, and: string) => {
  const types = typesOf(field);
  return types.length === 1 ? types[0] : `${types.slice(0, -1).join(", ")} ${and} ${types.at(-1)}`;
};

const onlyFor = (field: TypedField) => `${listed(field, "and")} only`;

export const membershipEventSchema = z
  .object({
    eventId: visibleIdSchema(64).describe(
      "Unique per event; an event whose id was stored before (in this batch or an earlier one) is a duplicate.",
    ),
    memberId: singleLine().trim().min(1).max(64).describe("The till system's membership id."),
    type: z
      .enum(membershipEventTypes)
      .describe("What happened; it decides which of the fields below the event carries."),
    at: instantSchema.describe("When it happened: ISO 8601 with a time-zone offset."),
    site: codeSchema
      .nullable()
      .default(null)
      .describe("Site code where it was sold or charged; null (or left out) for online or the app."),
    plan: codeSchema
      .nullish()
      .describe(`${onlyFor("plan")}, required: the code of a subscription item (Items, kind abonnement).`),
    plates: z
      .array(plateTextSchema)
      .min(1)
      .max(MAX_MEMBERSHIP_PLATES)
      .nullish()
      .describe(`${onlyFor("plates")}, required: the 1–3 plates it covers from now on, any formatting.`),
    amountCents: cents.nullish().describe(`${onlyFor("amountCents")}, required: collected, incl. VAT.`),
    initiatedBy: z
      .enum(["member", "system"])
      .nullish()
      .describe(`${onlyFor("initiatedBy")}, required: member (voluntary) or system (failed payments).`),
    reason: singleLine()
      .trim()
      .max(200)
      .nullish()
      .describe(`${onlyFor("reason")}, optional: as the till system gives it.`),
    channel: z
      .enum(["site", "online", "app"])
      .nullish()
      .describe(`${onlyFor("channel")}, optional: how it was sold.`),
    voucherCode: voucherCodeSchema.nullish().describe(`${onlyFor("voucherCode")}, optional.`),
  })
  .superRefine((event, ctx) => {
    for (const field of Object.keys(TYPED_FIELDS) as TypedField[]) {
      const given = event[field] !== undefined && event[field] !== null;
      if (!given && ruleOf(field).required.includes(event.type)) {
        ctx.addIssue({ code: "custom", path: [field], message: `Verplicht bij een ${event.type}.` });
      } else if (given && !typesOf(field).includes(event.type)) {
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: `Hoort niet bij een ${event.type}; alleen bij ${listed(field, "en")}.`,
        });
      }
    }
    // Two spellings of one plate (GBB-01-B, gbb01b) would make the membership cover one car twice.
    const seen = new Set<string>();
    event.plates?.forEach((plate, index) => {
      const parsed = parsePlate(plate);
      if (!parsed) {
        ctx.addIssue({ code: "custom", path: ["plates", index], message: "Vul een kenteken in." });
      } else if (seen.has(parsed.plate)) {
        ctx.addIssue({
          code: "custom",
          path: ["plates", index],
          message: `Kenteken ${parsed.plate} staat al eerder in de lijst.`,
        });
      }
      if (parsed) seen.add(parsed.plate);
    });
  });
export type MembershipEvent = z.infer<typeof membershipEventSchema>;
