import { describe, expect, it } from "vitest";
import type { ReportEnvelope } from "../../shared/reports/envelope.ts";
import { protectEnvelope } from "./protect-envelope.ts";

const envelope = {
  report: "users-unique",
  tables: [
    {
      key: "top_customers",
      label: "Vaste klanten",
      columns: [
        { key: "plate", label: "Kenteken", type: "text", personal: "plate" },
        { key: "visits", label: "Bezoeken", type: "count" },
      ],
      rows: [
        { plate: "GF-12-KL", visits: 3 },
        { plate: null, visits: 1 },
      ],
      totals: null,
    },
    {
      key: "by_site",
      label: "Per vestiging",
      columns: [{ key: "site", label: "Vestiging", type: "text" }],
      rows: [{ site: "GF-12-KL" }],
      totals: null,
    },
  ],
} as unknown as ReportEnvelope;

describe("protectEnvelope", () => {
  it("masks the personal columns for an analist and leaves every other cell alone", () => {
    const { envelope: out, wholeValues } = protectEnvelope(envelope, "analist");
    expect(out.tables[0].rows).toEqual([
      { plate: "GF-1•-••", visits: 3 },
      { plate: null, visits: 1 },
    ]);
    expect(out.tables[1].rows).toEqual([{ site: "GF-12-KL" }]);
    expect(wholeValues).toBe(0);
    expect(out.tables[0].columns[0].hint).toMatch(/alleen een beheerder/);
    // The report module's own envelope is not changed underneath it.
    expect(envelope.tables[0].rows[0].plate).toBe("GF-12-KL");
  });

  it("gives a beheerder the whole plates and counts them for the audit log", () => {
    const { envelope: out, wholeValues } = protectEnvelope(envelope, "beheerder");
    expect(out.tables[0].rows[0].plate).toBe("GF-12-KL");
    expect(wholeValues).toBe(1);
  });
});
