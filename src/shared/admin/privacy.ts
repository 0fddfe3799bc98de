import { normalisePlate } from "../plates.ts";
import { z } from "../zod-nl.ts";

// Instellingen › Privacy: the right of access (everything stored about one plate) and the right to erasure,
// and the state of the retention housekeeping. Shared by the endpoint and the form.

export const plateInputSchema = z
  .string({ message: "Vul een kenteken in." })
  .transform(normalisePlate)
  .pipe(
    z
      .string()
      .min(1, "Vul een kenteken in.")
      .max(12, "Een kenteken heeft hoogstens 12 tekens.")
      .regex(/^[A-Z0-9]+$/, "Een kenteken bestaat uit letters en cijfers."),
  );

export const plateLookupSchema = z.object({ plate: plateInputSchema });

/** Erasing needs the plate typed a second time, so that a slip of the mouse erases nothing. */
export const plateEraseSchema = z
  .object({ plate: plateInputSchema, confirm: z.string({ message: "Typ het kenteken nog een keer." }) })
  .refine((body) => normalisePlate(body.confirm) === body.plate, {
    path: ["confirm"],
    message: "Typ ter bevestiging hetzelfde kenteken nog een keer.",
  });
export type PlateErase = z.input<typeof plateEraseSchema>;

export interface PlateRead {
  site: string;
  readAt: string;
  lane: number;
  camera: string;
  plate: string;
  /** The camera's own reading, when a correction turned it into this plate (or this plate into another). */
  rawPlate: string | null;
  confidence: number | null;
  direction: "in" | "out";
}

export interface PlateVisit {
  site: string;
  visitAt: string;
  purchased: boolean;
}

export interface PlateTransaction {
  id: number;
  site: string;
  occurredAt: string;
  paymentMethod: string;
  salesChannel: "site" | "online";
  totalCents: number;
  discountCents: number;
  items: string;
  voucherCode: string | null;
  customerPostcode: string | null;
}

export interface PlateVoucher {
  code: string;
  promotion: string;
  channel: string;
  issuedAt: string;
  claimedAt: string | null;
  redeemedAt: string | null;
}

/** Everything stored about one plate (right of access). */
export interface PlateRecord {
  plate: string;
  firstSeenAt: string | null;
  reads: PlateRead[];
  visits: PlateVisit[];
  transactions: PlateTransaction[];
  vouchers: PlateVoucher[];
}

export interface PlateErasure {
  plate: string;
  reads: number;
  transactions: number;
  visits: number;
}

export interface PseudonymisedCounts {
  plates: number;
  reads: number;
  transactions: number;
}

export interface PrivacyStatus {
  /** Days after a plate's last read or sale before it is pseudonymised; null: off. */
  retentionDays: number | null;
  /** The latest run of the retention, with what it pseudonymised; null: it never ran. */
  lastRun: (PseudonymisedCounts & { ranAt: string }) | null;
  /** What all runs together pseudonymised. */
  total: PseudonymisedCounts;
}
