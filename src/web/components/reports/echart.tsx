import type { EChartsCoreOption } from "echarts/core";
import { type EChartsType, init } from "echarts/core";
import { useEffect, useRef } from "react";

/** The content width of an A4 page with print.css's margins (186 mm) in CSS pixels. */
const PRINT_WIDTH = 700;

/**
 * One ECharts canvas that follows its container's size. `label` describes the chart for screen readers;
 * the same figures are in the report's tables.
 */
export function EChart(props: {
  option: EChartsCoreOption;
  label: string;
  height?: number;
  /** A click or tap anywhere in the plot area over a category axis: the index of the category there. */
  onAxisClick?: (index: number) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const onAxisClick = useRef(props.onAxisClick);
  onAxisClick.current = props.onAxisClick;

  useEffect(() => {
    if (!container.current) return;
    const instance = init(container.current, undefined, { renderer: "canvas" });
    chart.current = instance;
    // On the whole plot area, not only on a bar or point: a day without figures can be clicked too.
    instance.getZr().on("click", (event) => {
      const point = [event.offsetX, event.offsetY];
      if (!onAxisClick.current || !instance.containPixel("grid", point)) return;
      const [index] = instance.convertFromPixel("grid", point) as number[];
      if (Number.isFinite(index)) onAxisClick.current(Math.round(index));
    });
    // A printed page is narrower than the screen: draw at its width so the labels keep their size when
    // print.css scales the canvas to the page (beforeprint for the browser's dialog, the media query for
    // print previews and headless PDFs).
    const print = window.matchMedia("print");
    const toPrint = () => instance.resize({ width: PRINT_WIDTH, height: instance.getHeight() });
    const fit = () => (print.matches ? toPrint() : instance.resize());
    const observer = new ResizeObserver(fit);
    observer.observe(container.current);
    print.addEventListener("change", fit);
    window.addEventListener("beforeprint", toPrint);
    window.addEventListener("afterprint", fit);
    return () => {
      print.removeEventListener("change", fit);
      window.removeEventListener("beforeprint", toPrint);
      window.removeEventListener("afterprint", fit);
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
      data-echart
      style={{ width: "100%", height: props.height ?? 280 }}
    />
  );
}
