import type { LineSeriesOption } from "echarts/charts";
import { useMemo } from "react";
import type { ExperimentDetail } from "../../../../shared/experiments/report.ts";
import { formatDate, formatPercent } from "../../../../shared/format.ts";
import { EChart } from "../../../components/reports/echart.tsx";
// echarts.ts registers the line chart, grid, tooltip and legend this chart uses.
import { type ChartOption, SERIES_COLORS } from "../../../components/reports/echarts.ts";

/** Cumulative uplift (left axis) and chance to win (right axis) per day of the phase, per variant. */
export default function ExperimentTrend({ detail }: { detail: ExperimentDetail }) {
  const option = useMemo((): ChartOption => {
    const days = detail.daily.map((d) => d.day);
    const keys = detail.daily[0]?.variants.map((v) => v.key) ?? [];
    const name = (key: string) => detail.variants.find((v) => v.key === key)?.name ?? key;
    const series: LineSeriesOption[] = keys.flatMap((key, i) => [
      {
        type: "line",
        name: `Uplift ${name(key)} (links)`,
        data: detail.daily.map((d) => d.variants.find((v) => v.key === key)?.uplift ?? null),
        yAxisIndex: 0,
        showSymbol: false,
        color: SERIES_COLORS[i % SERIES_COLORS.length],
      },
      {
        type: "line",
        name: `Kans om te winnen ${name(key)} (rechts)`,
        data: detail.daily.map((d) => d.variants.find((v) => v.key === key)?.chanceToWin ?? null),
        yAxisIndex: 1,
        showSymbol: false,
        lineStyle: { type: "dashed" },
        color: SERIES_COLORS[(i + 1) % SERIES_COLORS.length],
      },
    ]);
    return {
      grid: { left: 56, right: 56, top: 56, bottom: 32 },
      legend: { top: 0, type: "scroll" },
      tooltip: {
        trigger: "axis",
        valueFormatter: (value) => (typeof value === "number" ? formatPercent(value) : "–"),
      },
      xAxis: {
        type: "category",
        data: days,
        axisLabel: { formatter: (value: string) => formatDate(value).slice(0, 5) },
      },
      yAxis: [
        { type: "value", axisLabel: { formatter: (value: number) => formatPercent(value) } },
        {
          type: "value",
          name: "Kans",
          min: 0,
          max: 1,
          axisLabel: { formatter: (value: number) => formatPercent(value) },
        },
      ],
      series,
    };
  }, [detail]);
  return (
    <EChart
      option={option}
      label="Uplift en kans om te winnen per dag, opgeteld vanaf de start van de fase"
      height={300}
    />
  );
}
