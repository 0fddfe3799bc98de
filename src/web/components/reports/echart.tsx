import type { EChartsCoreOption } from "echarts/core";
import { type EChartsType, init } from "echarts/core";
import { useEffect, useRef } from "react";

/**
 * One ECharts canvas that follows its container's size. `label` describes the chart for screen readers;
 * the same figures are in the report's tables.
 */
export function EChart(props: { option: EChartsCoreOption; label: string; height?: number }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const instance = init(container.current, undefined, { renderer: "canvas" });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(container.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(props.option, { notMerge: true });
  }, [props.option]);

  return (
    <div
      ref={container}
      role="img"
      aria-label={props.label}
      style={{ width: "100%", height: props.height ?? 280 }}
    />
  );
}
