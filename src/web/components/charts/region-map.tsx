import { MapChart, type MapSeriesOption, ScatterChart, type ScatterSeriesOption } from "echarts/charts";
import {
  GeoComponent,
  type GeoComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
  VisualMapComponent,
  type VisualMapComponentOption,
} from "echarts/components";
import { type ComposeOption, getMap, registerMap, use } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useMemo } from "react";
import { formatNumber } from "../../../shared/format.ts";
import { escapeHtml, html } from "../../lib/html.ts";
import { EChart } from "../reports/echart.tsx";

// A choropleth of areas (provinces) from a GeoJSON file, with proportional circles for smaller regions and
// markers for places (sites). Registers its own chart types so that they stay in the chunk that shows them.
use([MapChart, ScatterChart, GeoComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

type Option = ComposeOption<
  | MapSeriesOption
  | ScatterSeriesOption
  | GeoComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

/** A GeoJSON FeatureCollection whose features carry `properties.code`. */
export type AreaGeoJson = Parameters<typeof registerMap>[1];

export interface MapArea {
  code: string;
  name: string;
  value: number;
  /** Shown in the tooltip after the value (`90,8% van de klanten`). */
  note?: string;
}

export interface MapPoint {
  name: string;
  lat: number;
  lon: number;
  value?: number;
}

export function RegionMap(props: {
  mapName: string;
  geoJson: AreaGeoJson;
  areas: MapArea[];
  points: MapPoint[];
  places: MapPoint[];
  unit: string;
  label: string;
}) {
  const { mapName, geoJson, areas, points, places, unit } = props;
  if (!getMap(mapName)) registerMap(mapName, geoJson);
  const option = useMemo<Option>(() => {
    const max = Math.max(1, ...areas.map((area) => area.value));
    const largest = Math.max(1, ...points.map((point) => point.value ?? 0));
    const areaByCode = new Map(areas.map((area) => [area.code, area]));
    return {
      animation: false,
      tooltip: {
        trigger: "item",
        formatter: (params: unknown) => mapTooltip(params as MapTooltipParams, areaByCode, unit),
      },
      geo: {
        map: mapName,
        nameProperty: "code",
        roam: false,
        aspectScale: 0.62,
        layoutCenter: ["50%", "50%"],
        layoutSize: "95%",
        itemStyle: { areaColor: "#f1f3f5", borderColor: "#868e96", borderWidth: 0.8 },
        emphasis: { label: { show: false }, itemStyle: { areaColor: "#ffe066" } },
        label: { show: false },
      },
      visualMap: {
        seriesIndex: 0,
        min: 0,
        max,
        left: 8,
        bottom: 8,
        itemHeight: 120,
        text: [formatNumber(max), "0"],
        inRange: { color: ["#e7f5ff", "#74c0fc", "#1864ab"] },
      },
      series: [
        {
          type: "map",
          geoIndex: 0,
          data: areas.map((area) => ({ name: area.code, value: area.value })),
        },
        {
          type: "scatter",
          coordinateSystem: "geo",
          data: points.map((point) => ({
            name: point.name,
            value: [point.lon, point.lat, point.value ?? 0],
          })),
          symbolSize: (value: number[]) => 5 + 19 * Math.sqrt(value[2] / largest),
          itemStyle: { color: "#e8590c", opacity: 0.75, borderColor: "#fff", borderWidth: 1 },
        },
        {
          type: "scatter",
          coordinateSystem: "geo",
          symbol: "diamond",
          symbolSize: 12,
          data: places.map((place) => ({ name: place.name, value: [place.lon, place.lat] })),
          itemStyle: { color: "#212529", borderColor: "#fff", borderWidth: 1.5 },
        },
      ],
    };
  }, [mapName, areas, points, places, unit]);
  return <EChart option={option} label={props.label} height={600} />;
}

export interface MapTooltipParams {
  seriesIndex: number;
  name: string;
  data?: { value: number | number[] };
}

/** The tooltip of an area (series 0) or a site or place marker; names are text, never markup. */
export function mapTooltip(p: MapTooltipParams, areaByCode: Map<string, MapArea>, unit: string): string {
  if (p.seriesIndex === 0) {
    const area = areaByCode.get(p.name);
    if (!area) return escapeHtml(p.name);
    const note = area.note ? ` (${area.note})` : "";
    return String(html`${area.name}: ${formatNumber(area.value)} ${unit}${note}`);
  }
  const value = Array.isArray(p.data?.value) ? p.data.value[2] : undefined;
  return String(value === undefined ? html`${p.name}` : html`${p.name}: ${formatNumber(value)} ${unit}`);
}
