import { describe, expect, it } from "vitest";
import { openingTags } from "../../../tests/support/web-sources.ts";

// A spinner with a label must say what it is: Mantine's Loader is a plain span, on which axe refuses an
// aria-label without a role (aria-prohibited-attr). It shows only while something loads, so the browser
// tours met it only when their scan fell in that moment: a loaded CI run failed on the admin's "Vestigingen"
// (30 November). role="status" makes the label the announcement of a live region.

describe("every spinner", () => {
  it("that has a label is a status", () => {
    const labelled = openingTags("Loader").filter(({ attributes }) => attributes.includes("aria-label="));
    expect(labelled.length).toBeGreaterThan(0);
    expect(labelled.filter(({ attributes }) => !attributes.includes('role="status"'))).toEqual([]);
  });
});
