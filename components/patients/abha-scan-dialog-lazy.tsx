"use client";

import { lazyDialog } from "@/components/ui/lazy-dialog";

/** The ABHA scan dialog (its QR reader and duplicate lookup) is not part of the page's first download; its button prefetches it. */
export const LazyAbhaScanDialog = lazyDialog(() => import("./abha-scan-dialog").then((m) => m.AbhaScanDialog), (p) => p.open);
