/** Every table, one file per feature; drizzle-kit reads this folder. */
export * from "./foundation";
export * from "./patients";
export * from "./webhooks";
export * from "./slots";
export * from "./documents";
export * from "./desk-outbox";
export * from "./queue";
export * from "./erasure";
export * from "./displays";
export * from "./opd-slips";
export * from "./billing";
export * from "./abdm";
export * from "./platform-receipts";
export * from "./clinic-counter";
