import { afterEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "../../lib/query-client.ts";
import { REPORT_DECLARATIONS } from "./declarations/index.ts";
import { reportPageLoader } from "./report-pages.tsx";

// The route loader asks for the report under the key the screen's own query uses, so the screen finds the
// answer under way: the URL's filters the report accepts, and nothing else.

const stored = new Map<string, string>();
globalThis.localStorage ??= {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
} as Storage;

const load = (url: string) => reportPageLoader({ request: new Request(`http://localhost${url}`) });
const reportKeys = () =>
  queryClient
    .getQueryCache()
    .findAll({ queryKey: ["report"] })
    .map((q) => q.queryKey);

afterEach(() => {
  queryClient.clear();
  localStorage.removeItem("auth_header");
});

describe("reportPageLoader", () => {
  it("asks for the report with the filters it accepts, dropping the rest", () => {
    localStorage.setItem("auth_header", "Bearer test");
    // trx-revenue takes the site and the programme; campaign is another report's filter, utm no filter.
    expect(load("/reports/trx-revenue?period=this-year&site=houten&programme=7&campaign=x&utm=1")).toBeNull();
    expect(reportKeys()).toEqual([
      ["report", "trx-revenue", { period: "this-year", site: "houten", programme: "7" }],
    ]);
  });

  it("starts loading the chunk of the screen's bespoke part beside its figures", () => {
    localStorage.setItem("auth_header", "Bearer test");
    const part = REPORT_DECLARATIONS["/reports/item-flow"].extra;
    if (!part?.preload) throw new Error("Programmakeuze has a sankey of its own");
    const preload = vi.spyOn(part, "preload").mockImplementation(() => {});
    load("/reports/item-flow?period=this-year");
    expect(preload).toHaveBeenCalledOnce();
    expect(reportKeys()).toEqual([["report", "item-flow", { period: "this-year" }]]);
    preload.mockRestore();
  });

  it("asks for nothing when nobody is signed in, or the path is no declared report", () => {
    load("/reports/trx-revenue");
    localStorage.setItem("auth_header", "Bearer test");
    load("/reports/experiments");
    load("/reports/onbekend");
    expect(reportKeys()).toEqual([]);
  });
});
