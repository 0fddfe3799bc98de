import type { ZodType } from "zod";
import { navPages, pageTitle, REPORT_SECTIONS } from "../navigation.ts";
import type { DimensionKey } from "./dimensions.ts";
import type { Granularity } from "./filters.ts";

// One entry of the report catalogue (catalogue.ts) and the helper that fills in its defaults and its title
// from the navigation.

export interface CatalogueEntry<
  K extends string = string,
  S extends string = string,
  T extends string = string,
> {
  /** The report's path under /reports, and its API id: GET /api/reports/<id>. */
  id: string;
  title: string;
  /**
   * "built": a query module answering the envelope, drawn from a declaration. "bespoke": a screen and an
   * endpoint of its own (DESIGN §5: experiments), whose whole answer has the `extra` schema.
   */
  status: "built" | "bespoke";
  /** The finest bucket its facts allow: ad statistics are daily, so "day" refuses Uur. */
  finest: Granularity;
  /** Whether the site filter applies; ad and website figures belong to no site. */
  site: boolean;
  /** Whether it draws figures over time, so the granularity applies (default: it has series). */
  bucketed: boolean;
  /** The dimension filters it accepts (beyond period, comparison, granularity and site). */
  dimensions: readonly DimensionKey[];
  kpis: readonly K[];
  /** Series keys; `programme:*` stands for one series per programme. */
  series: readonly S[];
  tables: readonly T[];
  /** The shape of `envelope.extra`, for reports with a bespoke part (of the whole answer when bespoke). */
  extra?: ZodType;
}

const titles = new Map(navPages(REPORT_SECTIONS).map((page) => [page.path, pageTitle(page)]));
const titleOf = (id: string) => {
  const title = titles.get(`/reports/${id}`);
  if (!title) throw new Error(`report ${id} is not in the navigation`);
  return title;
};

type Status = CatalogueEntry["status"];
type Defaulted = "finest" | "site" | "bucketed" | "dimensions";

export function report<
  const K extends string,
  const S extends string,
  const T extends string,
  const St extends Status = "built",
>(
  id: string,
  entry: Omit<CatalogueEntry<K, S, T>, "id" | "title" | Defaulted | "status"> &
    Partial<Pick<CatalogueEntry, Defaulted>> & { status?: St },
): CatalogueEntry<K, S, T> & { status: St } {
  return {
    id,
    title: id === "dashboard" ? "Dashboard" : titleOf(id),
    status: "built",
    finest: "hour",
    site: true,
    bucketed: entry.series.length > 0,
    dimensions: [],
    ...entry,
  } as CatalogueEntry<K, S, T> & { status: St };
}
