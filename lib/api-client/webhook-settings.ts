"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NewWebhookSubscription, SigningKeyIssued, TestEventSent, WebhookReceiptList, WebhookSettingsView } from "@/lib/schemas/webhook-settings";
import { anyAnswer, apiGet, objectAnswer, sendJson } from "./http";

/** What Settings shows of the platform connection (app/api/settings/platform). */
export interface PlatformConnection {
  mode: "sandbox" | "live";
  baseUrl: string;
  clientId: string;
  timeoutMs: number;
  encryption: { enabled: boolean; kid?: string };
  identityProvider: { issuer: string; jwksUrl: string };
  database: "postgres" | "pglite";
}
const PlatformConnectionAnswer = objectAnswer<PlatformConnection>({ mode: "string", baseUrl: "string", clientId: "string", timeoutMs: "number", encryption: "object", identityProvider: "object", database: "string" });
const KeyIssuedAnswer = objectAnswer<SigningKeyIssued>({ subscriptionId: "string", signingKey: "string" });

const keys = {
  platform: ["settings", "platform"] as const,
  webhooks: ["settings", "webhooks"] as const,
  receipts: ["settings", "webhooks", "receipts"] as const,
};

export const usePlatformConnection = () => useQuery({ queryKey: keys.platform, queryFn: ({ signal }) => apiGet("/api/settings/platform", {}, PlatformConnectionAnswer, signal) });

export const useWebhookSettings = () => useQuery({ queryKey: keys.webhooks, queryFn: ({ signal }) => apiGet("/api/settings/webhooks", {}, objectAnswer<WebhookSettingsView>({ receiverUrl: "string", subscriptions: "array", intake: "object" }), signal) });

export const useWebhookReceipts = () =>
  useQuery({ queryKey: keys.receipts, queryFn: ({ signal }) => apiGet("/api/settings/webhooks/receipts", {}, objectAnswer<WebhookReceiptList>({ receipts: "array" }), signal), refetchInterval: 5000 });

function useInvalidating<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: keys.webhooks }) });
}

export const useRegisterWebhook = () =>
  useInvalidating((input: NewWebhookSubscription) => sendJson("POST", "/api/settings/webhooks", input, KeyIssuedAnswer));

export const useDeleteWebhook = () => useInvalidating((id: string) => sendJson("DELETE", `/api/settings/webhooks/${encodeURIComponent(id)}`, undefined, anyAnswer()));

export const useRotateWebhookKey = () =>
  useInvalidating((id: string) => sendJson("POST", `/api/settings/webhooks/${encodeURIComponent(id)}/rotate`, undefined, KeyIssuedAnswer));

export const useSendTestEvent = () => useInvalidating(() => sendJson("POST", "/api/settings/webhooks/test", undefined, objectAnswer<TestEventSent>({ eventId: "string", deliveries: "number" })));
