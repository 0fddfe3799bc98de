import { lazy } from "react";
import { Loaded, type Part } from "../lazy-part.tsx";

const VoucherFlow = lazy(() => import("./voucher-flow-part.tsx"));
const ItemFlow = lazy(() => import("./item-flow-part.tsx"));

export const VoucherFlowExtra: Part = ({ envelope }) => (
  <Loaded part={VoucherFlow} envelope={envelope} height={460} />
);
export const ItemFlowExtra: Part = ({ envelope }) => (
  <Loaded part={ItemFlow} envelope={envelope} height={420} />
);
