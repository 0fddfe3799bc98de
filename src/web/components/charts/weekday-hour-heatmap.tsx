import { HeatmapChart, type HeatmapSeriesOption } from "echarts/charts";
import {
  GridComponent,
  type GridComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
  VisualMapComponent,
  type VisualMapComponentOption,
} from "echarts/components";
import { type ComposeOption, use } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useMemo } from "react";
import { formatNumber } from "../../../shared/format.ts";
import { html } from "../../lib/html.ts";
import { EChart } from "../reports/echart.tsx";
import { ScrollBox } from "./scroll-box.tsx";

// A weekday × hour-of-day heatmap (Monday on top), for when visitors come. Registers its own chart type so
// that it stays in the chunk of the screen that shows it.
use([HeatmapChart, GridComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

type Option = ComposeOption<
  HeatmapSeriesOption | GridComponentOption | TooltipComponentOption | VisualMapComponentOption
>;

export const WEEKDAYS = ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"];
const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, "0"));

export interface HeatmapCell {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  hour: number;
  value: number;
}

export function WeekdayHourHeatmap({
  cells,
  unit,
  label,
}: {
  cells: HeatmapCell[];
  unit: string;
  label: string;
}) {
  const option = useMemo<Option>(() => {
    const max = Math.max(1, ...cells.map((cell) => cell.value));
    return {
      animation: false,
      grid: { left: 8, right: 8, top: 8, bottom: 56, containLabel: true },
      xAxis: { type: "category", data: HOURS, splitArea: { show: true }, axisLabel: { interval: 1 } },
      yAxis: { type: "category", data: WEEKDAYS, inverse: true, splitArea: { show: true } },
      visualMap: {
        min: 0,
        max,
        orient: "horizontal",
        left: "center",
        bottom: 0,
        itemHeight: 160,
        text: [formatNumber(max), "0"],
        inRange: { color: ["#f1f3f5", "#74c0fc", "#1864ab"] },
      },
      tooltip: {
        formatter: (params: unknown) => {
          const [hour, day, value] = (params as { value: [number, number, number] }).value;
          return String(
            html`${WEEKDAYS[day]} ${HOURS[hour]}:00–${HOURS[(hour + 1) % 24]}:00: ${formatNumber(value)} ${unit}`,
          );
        },
      },
      series: [
        {
          type: "heatmap",
          data: cells.map((cell) => [cell.hour, cell.weekday - 1, cell.value]),
          emphasis: { itemStyle: { borderColor: "#212529", borderWidth: 1 } },
        },
      ],
    };
  }, [cells, unit]);
  // 24 hours need about 25 px each to stay readable: a phone scrolls them sideways.
  return (
    <ScrollBox minWidth={640} label={label}>
      <EChart option={option} label={label} height={320} />
    </ScrollBox>
  );
}
