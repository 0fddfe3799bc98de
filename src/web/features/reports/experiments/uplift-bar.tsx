import { Box } from "@mantine/core";
import { signedPercent } from "./texts.ts";

/**
 * The uplift's 95 % interval as a bar across a zero line, on a scale shared by all rows (±`range`).
 * Green when the interval lies wholly on the good side, red wholly on the bad side, grey across zero.
 */
export function UpliftBar(props: {
  lower: number;
  upper: number;
  uplift: number;
  range: number;
  lowerIsBetter?: boolean;
}) {
  const { lower, upper, uplift, range } = props;
  const at = (value: number) =>
    `${((Math.max(-range, Math.min(range, value)) + range) / (2 * range)) * 100}%`;
  const good = props.lowerIsBetter ? upper < 0 : lower > 0;
  const bad = props.lowerIsBetter ? lower > 0 : upper < 0;
  const color = good
    ? "var(--mantine-color-green-6)"
    : bad
      ? "var(--mantine-color-red-6)"
      : "var(--mantine-color-gray-5)";
  return (
    <Box
      role="img"
      aria-label={`Uplift ${signedPercent(uplift)}, 95%-interval van ${signedPercent(lower)} tot ${signedPercent(upper)}`}
      pos="relative"
      h={18}
      miw={120}
      style={{ background: "var(--mantine-color-gray-0)", borderRadius: 3 }}
    >
      <Box
        pos="absolute"
        top={5}
        h={8}
        style={{
          left: at(lower),
          width: `calc(${at(upper)} - ${at(lower)})`,
          background: color,
          borderRadius: 2,
        }}
      />
      <Box
        pos="absolute"
        top={2}
        h={14}
        w={3}
        style={{ left: `calc(${at(uplift)} - 1px)`, background: "var(--mantine-color-dark-6)" }}
      />
      <Box
        pos="absolute"
        top={0}
        h={18}
        w={1}
        style={{ left: "50%", background: "var(--mantine-color-dark-3)" }}
      />
    </Box>
  );
}
