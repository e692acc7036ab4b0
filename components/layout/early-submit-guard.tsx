/**
 * A form the desk submits with script (every form here but a plain `method="get"` filter) must never
 * be submitted by the browser itself. Until a page has hydrated, a click on "Register patient" or
 * "Sign in" would otherwise send the form the browser's way: a GET of the same page with every field
 * in the address (a password, a patient's name and mobile, kept in history and logs) and the page
 * reloaded empty. On a clinic's old PC, or an instance that has just restarted, that window lasts
 * seconds.
 *
 * This runs before anything else on the page (an inline script, under the response's CSP nonce),
 * listening on window, where a submit arrives after React's own listener: a form React handled is
 * already prevented and left alone. One that was not is held, and sent again, once, when the page
 * says it answers input (`data-hydrated` on <html>), a moment later so that what a form takes from
 * its fields on arrival (the sign-in form's state; components/forms/use-early-input.ts) is in place:
 * the click is not lost, and what was typed stays in its fields.
 */
const GUARD = `(function(){var d=document.documentElement,held=null;
addEventListener("submit",function(e){var f=e.target;
if(e.defaultPrevented||!(f instanceof HTMLFormElement)||f.hasAttribute("method"))return;
e.preventDefault();if(d.dataset.hydrated||held)return;held={f:f,s:e.submitter};
new MutationObserver(function(_,o){if(!d.dataset.hydrated)return;o.disconnect();var h=held;held=null;
setTimeout(function(){if(h.f.isConnected)h.f.requestSubmit(h.s&&h.s.form===h.f&&h.s.isConnected?h.s:undefined);},100);}).observe(d,{attributes:true,attributeFilter:["data-hydrated"]});});})();`;

export function EarlySubmitGuard({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: GUARD }} />;
}
