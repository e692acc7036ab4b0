/**
 * The pages' policy: scripts run only with this response's nonce (and what they load, by
 * 'strict-dynamic'); no 'unsafe-inline' for scripts. Styles keep 'unsafe-inline' because React
 * renders `style` attributes (progress bars, positioned popovers) and sonner injects its own
 * <style> element, neither of which can carry a nonce; a style cannot run code.
 */
export function pageContentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    // React's development build evaluates server error stacks; production never needs eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}
