import { describe, expect, it } from "vitest";
import { migratedDatabase } from "../../../tests/support/migrated-database.ts";
import { findSites, unknownSites } from "./sites.ts";

describe("findSites", () => {
  it("finds the sites of codes by name, a closed one too, and says which codes named none", async () => {
    const db = await migratedDatabase();
    try {
      await db.run(`INSERT INTO sites (code, name, postcode, city, lat, lon, active) VALUES
        ('zeist', 'Zeist', '3701AA', 'Zeist', 52.09, 5.23, true),
        ('houten', 'Houten', '3991AA', 'Houten', 52.03, 5.17, false)`);
      const codes = ["zeist", "gouda", "houten", "amsterdam"];
      const sites = await findSites(db, codes);
      expect(sites.map((site) => site.code)).toEqual(["houten", "zeist"]);
      expect(unknownSites(codes, sites)).toBe("Onbekende vestigingen: gouda, amsterdam.");
      expect(unknownSites(["gouda"], [])).toBe("Onbekende vestiging: gouda.");
      expect(unknownSites(["zeist"], sites)).toBeNull();
      expect(await findSites(db, [])).toEqual([]);
    } finally {
      db.close();
    }
  });
});
