"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { SigningKeyIssued, TestEventSent, WebhookReceiptList, WebhookSettingsView, type NewWebhookSubscription } from "@/lib/schemas/webhook-settings";
import { apiGet, sendJson } from "./http";

export const PlatformConnection = z.object({
  mode: z.enum(["sandbox", "live"]),
  baseUrl: z.string(),
  clientId: z.string(),
  timeoutMs: z.number(),
  encryption: z.object({ enabled: z.boolean(), kid: z.string().optional() }),
  identityProvider: z.object({ issuer: z.string(), jwksUrl: z.string() }),
  database: z.enum(["postgres", "pglite"]),
});

const keys = {
  platform: ["settings", "platform"] as const,
  webhooks: ["settings", "webhooks"] as const,
  receipts: ["settings", "webhooks", "receipts"] as const,
};

export const usePlatformConnection = () => useQuery({ queryKey: keys.platform, queryFn: ({ signal }) => apiGet("/api/settings/platform", {}, PlatformConnection, signal) });

export const useWebhookSettings = () => useQuery({ queryKey: keys.webhooks, queryFn: ({ signal }) => apiGet("/api/settings/webhooks", {}, WebhookSettingsView, signal) });

export const useWebhookReceipts = () =>
  useQuery({ queryKey: keys.receipts, queryFn: ({ signal }) => apiGet("/api/settings/webhooks/receipts", {}, WebhookReceiptList, signal), refetchInterval: 5000 });

function useInvalidating<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: keys.webhooks }) });
}

export const useRegisterWebhook = () =>
  useInvalidating((input: NewWebhookSubscription) => sendJson("POST", "/api/settings/webhooks", input, SigningKeyIssued));

export const useDeleteWebhook = () => useInvalidating((id: string) => sendJson("DELETE", `/api/settings/webhooks/${encodeURIComponent(id)}`, undefined, z.unknown()));

export const useRotateWebhookKey = () =>
  useInvalidating((id: string) => sendJson("POST", `/api/settings/webhooks/${encodeURIComponent(id)}/rotate`, undefined, SigningKeyIssued));

export const useSendTestEvent = () => useInvalidating(() => sendJson("POST", "/api/settings/webhooks/test", undefined, TestEventSent));
