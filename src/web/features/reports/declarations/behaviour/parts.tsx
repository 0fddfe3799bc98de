import { lazyPart } from "../lazy-part.tsx";

export const VoucherFlowExtra = lazyPart(() => import("./voucher-flow-part.tsx"), 460);
export const ItemFlowExtra = lazyPart(() => import("./item-flow-part.tsx"), 420);
