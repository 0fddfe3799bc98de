import type { CSSProperties, ReactNode } from "react";
import classes from "./scroll-box.module.css";

/**
 * Room for a chart that cannot be squeezed (a sankey's columns and labels, a heatmap's 24 hours): at least
 * `minWidth` px wide, scrolling sideways inside its own box on a narrower screen, by keyboard too.
 */
export function ScrollBox({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className={classes.box} tabIndex={0} aria-label={label}>
      <div className={classes.inner} style={{ "--scroll-box-min": `${minWidth}px` } as CSSProperties}>
        {children}
      </div>
    </section>
  );
}
