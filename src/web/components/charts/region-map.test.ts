import { describe, expect, it } from "vitest";
import { type MapArea, mapTooltip } from "./region-map.tsx";

describe("the map tooltip", () => {
  const areas = new Map<string, MapArea>([
    ["3705", { code: "3705", name: "Zeist <i>Noord</i>", value: 1234, note: "8,5% van de <b>klanten</b>" }],
  ]);

  it("shows a site whose name is markup as text", () => {
    const site = {
      seriesIndex: 1,
      name: `Wasbord <img src=x onerror="alert(1)">`,
      data: { value: [5.2, 52.1, 40] },
    };
    expect(mapTooltip(site, areas, "klanten")).toBe(
      "Wasbord &lt;img src=x onerror=&quot;alert(1)&quot;&gt;: 40 klanten",
    );
    expect(mapTooltip({ seriesIndex: 2, name: "<script>x</script>" }, areas, "klanten")).toBe(
      "&lt;script&gt;x&lt;/script&gt;",
    );
  });

  it("escapes area names and notes too", () => {
    expect(mapTooltip({ seriesIndex: 0, name: "3705" }, areas, "klanten")).toBe(
      "Zeist &lt;i&gt;Noord&lt;/i&gt;: 1.234 klanten (8,5% van de &lt;b&gt;klanten&lt;/b&gt;)",
    );
    expect(mapTooltip({ seriesIndex: 0, name: "<u>9999</u>" }, areas, "klanten")).toBe(
      "&lt;u&gt;9999&lt;/u&gt;",
    );
  });
});
