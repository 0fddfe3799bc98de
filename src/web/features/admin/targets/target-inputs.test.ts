import { describe, expect, it } from "vitest";
import { batchOf, cellErrorsOf, inputsOf } from "./target-inputs.ts";

const months = ["2027-01", "2027-02"];
const empty = { washes: "", revenueExVatCents: "", newMembers: "" };

describe("the targets editor's inputs", () => {
  it("shows stored targets as typed text: euros without cents when whole", () => {
    const stored = [
      {
        siteId: 3,
        month: "2027-02",
        washes: 3000,
        revenueExVatCents: 4_500_050,
        newMembers: null,
        updatedBy: "a@b.nl",
        updatedAt: "2026-11-28T08:00:00Z",
      },
    ];
    expect(inputsOf(months, 3, stored)).toEqual([
      empty,
      { washes: "3000", revenueExVatCents: "45000,50", newMembers: "" },
    ]);
  });

  it("reads thousands the Dutch way, euros as cents, and empty as no target", () => {
    const inputs = [{ washes: "3.000", revenueExVatCents: "€ 45.000", newMembers: " 40 " }, empty];
    expect(batchOf(3, months, inputs)).toEqual({
      batch: {
        targets: [
          { siteId: 3, month: "2027-01", washes: 3000, revenueExVatCents: 4_500_000, newMembers: 40 },
          { siteId: 3, month: "2027-02", washes: null, revenueExVatCents: null, newMembers: null },
        ],
      },
      errors: {},
    });
  });

  it("names the cell of text that is no number, and of a number the schema refuses", () => {
    const { errors } = batchOf(3, months, [
      { ...empty, newMembers: "veel" },
      { ...empty, washes: "2,5" },
    ]);
    expect(errors).toEqual({
      "0.newMembers": "Vul een heel aantal leden in, of laat het veld leeg.",
      "1.washes": "Vul een heel aantal wassen in, of laat het veld leeg.",
    });
    expect(batchOf(3, months, [{ ...empty, washes: "2000000" }, empty]).errors).toEqual({
      "0.washes": "Hoogstens 1.000.000 wassen.",
    });
  });

  it("puts the server's field errors on their cells and keeps the others for the form", () => {
    expect(
      cellErrorsOf([
        { path: "targets[1].washes", message: "Te veel." },
        { path: "targets[0].siteId", message: "Deze vestiging is niet actief." },
      ]),
    ).toEqual({ cells: { "1.washes": "Te veel." }, other: ["Deze vestiging is niet actief."] });
  });
});
