/**
 * 'Send reminders to vendors' (issue 14 item 5): on by default, kept with the send page's other choices and sent with
 * the send. Without vendor links (VENDOR_LINKS=off) no reminder goes out: a vendor could not report what it did.
 */
export function SendRemindersOption({
  checked,
  hasVendorLinks,
  onChange,
}: {
  checked: boolean;
  hasVendorLinks: boolean;
  onChange(enabled: boolean): void;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id="send-reminders"
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby="send-reminders-hint"
        className="mt-0.5 h-4 w-4 accent-brand-600"
      />
      <div className="min-w-0">
        <label htmlFor="send-reminders" className="cursor-pointer text-sm font-medium text-slate-900">
          Send reminders to vendors
        </label>
        <p id="send-reminders-hint" className="text-xs text-slate-600">
          {hasVendorLinks
            ? 'A vendor who does not confirm in time, or whose scheduled date passes without a deployment report, gets one reminder in the same thread.'
            : 'Reminders go out only with the vendors\u2019 personal links, which are turned off on this server.'}
        </p>
      </div>
    </div>
  );
}
