/** Spec section 1: 3 px, fixed at the top, primary colour at 50 % opacity, while work runs. */
export function ProgressBar({ label }: { label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      className="fixed inset-x-0 top-0 z-[60] h-[3px] overflow-hidden bg-primary/15"
    >
      <div className="animate-progress h-full w-1/3 bg-primary opacity-50" />
    </div>
  );
}
