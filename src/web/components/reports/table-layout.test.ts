import { describe, expect, it } from "vitest";
import type { Column } from "../../../shared/reports/envelope.ts";
import { keyColumnsOf, printBlocks, shownColumns } from "./table-layout.ts";

const column = (key: string): Column => ({ key, label: key, type: key === "ad" ? "text" : "count" });
const columns = ["campaign", "ad", "impressions", "clicks", "spend", "roas", "acquired"].map(column);
const keys = (list: Column[]) => list.map((c) => c.key);

describe("table layout", () => {
  it("takes the declared key columns the table has, else its first four", () => {
    expect(keyColumnsOf(columns, ["ad", "spend", "nope", "acquired"])).toEqual(["ad", "spend", "acquired"]);
    expect(keyColumnsOf(columns)).toEqual(["campaign", "ad", "impressions", "clicks"]);
    expect(keyColumnsOf(columns, ["nope"])).toEqual(["campaign", "ad", "impressions", "clicks"]);
  });

  it("shows the key columns first, then the rest in the table's order", () => {
    expect(keys(shownColumns(columns, ["ad", "spend", "acquired"], null))).toEqual([
      "ad",
      "spend",
      "acquired",
      "campaign",
      "impressions",
      "clicks",
      "roas",
    ]);
  });

  it("shows only the chosen columns, and the row's name even when it is not chosen", () => {
    expect(keys(shownColumns(columns, ["ad", "spend"], ["roas", "spend"]))).toEqual(["ad", "spend", "roas"]);
  });

  it("prints a wide table as blocks that each start with the naming column", () => {
    const blocks = printBlocks(columns, 3);
    expect(blocks.map(keys)).toEqual([
      ["campaign", "ad", "impressions"],
      ["campaign", "clicks", "spend"],
      ["campaign", "roas", "acquired"],
    ]);
    expect(printBlocks(columns.slice(0, 1), 3).map(keys)).toEqual([["campaign"]]);
  });
});
