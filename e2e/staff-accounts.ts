/** Real (non-demo) accounts e2e/serve.ts adds with `npm run staff:add`, for tests that end sessions or link a doctor. */
export const E2E_STAFF = {
  signOut: { email: "sign-out-test@clinic.test", name: "Kavya Nair", role: "receptionist", password: "e2e sign-out password" },
  deskPc: { email: "desk-pc@clinic.test", name: "Rohan Das", role: "receptionist", password: "e2e desk pc password" },
  /** A doctor whose name is no directory doctor's: linked by an admin in e2e/doctor-link.admin.spec.ts. */
  linkDoctor: { email: "link-doctor@clinic.test", name: "Sameer Kulkarni", role: "doctor", password: "e2e link doctor password" },
} as const;
