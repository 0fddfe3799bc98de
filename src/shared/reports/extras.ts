import { z } from "../zod-nl.ts";

// The shapes of `envelope.extra` of the reports that have a bespoke part, as zod schemas: the server's
// answer is checked against them in the catalogue test, the web components read their types from them.

const range = z.object({ from: z.string(), to: z.string() });

export const cohortsExtraSchema = z.object({
  cohorts: z.object({
    months: z.number(),
    rows: z.array(
      z.object({
        /** First day of the cohort's month, `2026-01-01`. */
        month: z.string(),
        plates: z.number(),
        /** Index k: the month k months after the cohort's; null for months that have not happened yet. */
        retention: z.array(z.object({ plates: z.number(), share: z.number().nullable() }).nullable()),
      }),
    ),
  }),
});

/** Abonnementen › Cohorten: per signup month, the members still active at the end of each month after. */
export const memberCohortsExtraSchema = z.object({
  cohorts: z.object({
    months: z.number(),
    rows: z.array(
      z.object({
        /** First day of the cohort's month, `2026-01-01`. */
        month: z.string(),
        members: z.number(),
        /** Index k: still active at the end of month m + k; null for months that have not ended yet. */
        retention: z.array(z.object({ members: z.number(), share: z.number().nullable() }).nullable()),
      }),
    ),
  }),
});

export const flowExtraSchema = z.object({
  heatmap: z.array(z.object({ weekday: z.number(), hour: z.number(), visits: z.number() })),
  migration: z.object({
    previous: range.nullable(),
    current: range,
    nodes: z.array(z.object({ id: z.string(), side: z.enum(["from", "to"]), label: z.string() })),
    links: z.array(z.object({ from: z.string(), to: z.string(), plates: z.number() })),
  }),
});

export const geoExtraSchema = z.object({
  map: z.object({
    provinces: z.array(
      z.object({ code: z.string(), name: z.string(), customers: z.number(), share: z.number().nullable() }),
    ),
    regions: z.array(
      z.object({
        pc2: z.string(),
        name: z.string(),
        lat: z.number(),
        lon: z.number(),
        customers: z.number(),
      }),
    ),
    sites: z.array(z.object({ name: z.string(), lat: z.number(), lon: z.number() })),
  }),
});

/** A sankey over several columns: `depth` 0 is the leftmost. */
const sankeySchema = z.object({
  nodes: z.array(z.object({ id: z.string(), label: z.string(), depth: z.number() })),
  links: z.array(z.object({ from: z.string(), to: z.string(), value: z.number() })),
});

/** Vouchers › flow: the codes' steps per channel (`all`: every channel together). */
export const voucherFlowExtraSchema = z.object({
  flows: z.array(z.object({ channel: z.string(), label: z.string(), flow: sankeySchema })),
});

/** Programmakeuze: previous → next programme of consecutive visits (a two-column sankey). */
export const itemFlowExtraSchema = z.object({ transitions: sankeySchema });

export const dashboardExtraSchema = z.object({ week: range });

/** Acquisitie › Overzicht: the journey sankey (channel → claim → first wash → second visit). */
export const acquisitionExtraSchema = z.object({
  journey: z.object({
    nodes: z.array(z.object({ id: z.string(), label: z.string(), depth: z.number() })),
    links: z.array(z.object({ from: z.string(), to: z.string(), value: z.number() })),
  }),
  /** The last acquisition date whose 90 days are complete. */
  maturedUpTo: z.string(),
});

export type CohortsExtra = z.infer<typeof cohortsExtraSchema>;
export type MemberCohortsExtra = z.infer<typeof memberCohortsExtraSchema>;
export type FlowExtra = z.infer<typeof flowExtraSchema>;
export type GeoExtra = z.infer<typeof geoExtraSchema>;
export type VoucherFlowExtra = z.infer<typeof voucherFlowExtraSchema>;
export type ItemFlowExtra = z.infer<typeof itemFlowExtraSchema>;
export type DashboardExtra = z.infer<typeof dashboardExtraSchema>;
export type AcquisitionExtra = z.infer<typeof acquisitionExtraSchema>;
