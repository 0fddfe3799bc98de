import { describe, it } from "vitest";
import { PROPERTY_TITLE, propertyHolds, seedsKeptBy } from "../../../tests/support/rebuild-property.ts";

// The warehouse's property (tests/support/rebuild-property.ts) over the chains whose derived tables are kept
// by catch-ups alone; rebuild-property-refresher.slow.test.ts runs the others beside it.

describe("every report, the Monday e-mail and the alerts over derived tables kept batch by batch", () => {
  // one case per chain: a failure names its seed, and each chain has its own time
  it.each(seedsKeptBy(false))(PROPERTY_TITLE, propertyHolds, 180_000);
});
