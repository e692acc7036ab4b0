/** Real (non-demo) accounts e2e/serve.ts adds with `npm run staff:add`, for tests that end sessions. */
export const E2E_STAFF = {
  signOut: { email: "sign-out-test@clinic.test", name: "Kavya Nair", role: "receptionist", password: "e2e sign-out password" },
  deskPc: { email: "desk-pc@clinic.test", name: "Rohan Das", role: "receptionist", password: "e2e desk pc password" },
} as const;
