"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { FEATURES, type Feature } from "@/lib/access";
import { cn } from "@/components/ui/cn";
import { FEATURE_ICONS } from "./feature-icons";

function isActive(pathname: string, path: string) {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The desk's feature links; only features the signed-in role may use are passed in, with their names in the page's language. */
export function DeskNav({ features, names, onNavigate }: { features: Feature[]; names: Partial<Record<Feature, string>>; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <ul className="flex flex-col gap-0.5">
      {features.map((feature) => {
        const { path } = FEATURES[feature];
        const Icon = FEATURE_ICONS[feature];
        const active = isActive(pathname, path);
        return (
          <li key={feature}>
            <Link
              href={path}
              aria-current={active ? "page" : undefined}
              onClick={onNavigate}
              className={cn(
                "group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-focus",
                active ? "bg-primary-soft text-primary-soft-ink" : "text-ink-muted hover:bg-surface-sunken hover:text-ink",
              )}
            >
              <Icon aria-hidden className={cn("size-[18px] shrink-0", active ? "text-primary" : "text-ink-faint group-hover:text-ink-muted")} />
              {names[feature]}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
